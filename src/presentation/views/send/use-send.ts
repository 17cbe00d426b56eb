import { useObservableState } from 'observable-hooks'
import { ConfirmSend, type ConfirmSendState } from '../../../application/send/confirm-send'
import { ReviewSend, type ReviewSendState } from '../../../application/send/review-send'
import { SendForm, type SendFormState } from '../../../application/send/send-form'
import { useService } from '../../di-context'

/** The modal's send form, its review and its confirm, with their current states. */
export function useSend(): {
  form: SendForm
  review: ReviewSend
  confirm: ConfirmSend
  formState: SendFormState
  reviewState: ReviewSendState
  confirmState: ConfirmSendState
} {
  const form = useService(SendForm)
  const review = useService(ReviewSend)
  const confirm = useService(ConfirmSend)
  const formState = useObservableState(form.state$, () => form.snapshot)
  const reviewState = useObservableState(review.state$, () => review.snapshot)
  const confirmState = useObservableState(confirm.state$, () => confirm.snapshot)
  return { form, review, confirm, formState, reviewState, confirmState }
}
