import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { useI18n } from '../../i18n/i18n'

export const OTP_LENGTH = 6

export interface OtpInputProps {
  readonly disabled?: boolean
  readonly invalid?: boolean
  readonly describedBy?: string
  /** All six digits are in. */
  onComplete(code: string): void
}

/**
 * Six one-digit boxes: typing moves on, Backspace moves back, pasting (or the phone's one-time-code
 * autofill) fills them all. Completing them submits. A new `key` clears them (a new code was sent).
 */
export function OtpInput({ disabled, invalid, describedBy, onComplete }: OtpInputProps) {
  const { t } = useI18n()
  const [digits, setDigits] = useState<string[]>(() => Array<string>(OTP_LENGTH).fill(''))
  const boxes = useRef<(HTMLInputElement | null)[]>([])

  const update = (next: string[], focus: number) => {
    setDigits(next)
    boxes.current[Math.min(focus, OTP_LENGTH - 1)]?.focus()
    if (next.every((d) => d !== '')) onComplete(next.join(''))
  }

  const fill = (from: number, text: string) => {
    const typed = text.replace(/\D/g, '').slice(0, OTP_LENGTH - from)
    if (typed === '') return
    const next = [...digits]
    for (let i = 0; i < typed.length; i++) next[from + i] = typed[i]!
    update(next, from + typed.length)
  }

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault()
      const next = [...digits]
      next[index - 1] = ''
      setDigits(next)
      boxes.current[index - 1]?.focus()
    } else if (event.key === 'ArrowLeft' && index > 0) boxes.current[index - 1]?.focus()
    else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) boxes.current[index + 1]?.focus()
  }

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    fill(index === 0 ? 0 : index, event.clipboardData.getData('text'))
  }

  return (
    <div className="wg-otp" role="group" aria-label={t('email.loginCode')} data-testid="otp-input">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el
          }}
          className="wg-otp-box"
          data-testid={`otp-box-${index}`}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // The code is what this view is for: the first box takes the keyboard at once.
          autoFocus={index === 0}
          aria-label={t('email.digit', { index: index + 1, count: OTP_LENGTH })}
          aria-invalid={invalid === true}
          aria-describedby={describedBy}
          maxLength={index === 0 ? OTP_LENGTH : 1}
          value={digit}
          disabled={disabled}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onChange={(event) => {
            const value = event.target.value
            if (value === '') {
              const next = [...digits]
              next[index] = ''
              setDigits(next)
            } else fill(index, value.length > 1 && digit !== '' ? value.replace(digit, '') : value)
          }}
        />
      ))}
    </div>
  )
}
