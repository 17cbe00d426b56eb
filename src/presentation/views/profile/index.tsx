/** The profile's views: one chunk, fetched when the first of them opens. */
import { addEnglish } from '../../i18n/i18n'
import { account } from '../../i18n/messages/account'
import { names } from '../../i18n/messages/names'
import { profile } from '../../i18n/messages/profile'
import { shared } from '../../i18n/messages/shared'
import accountCss from '../../styles/account.css?inline'
import profileCss from '../../styles/profile.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import ProfileView from './ProfileView'
import ChooseAccountNameView from './ChooseAccountNameView'
import SwitchAccountTypeView from './SwitchAccountTypeView'

// Their texts come with them (../../i18n/english.ts): the account's type names and titles, the
// names' title of ChooseAccountName, and the profile's own.
addEnglish(account, names, profile, shared)

/** Each view with the profile's styles (the account's, for the avatar, and its own). */
const styled = (View: () => React.JSX.Element) =>
  function Styled() {
    useAreaStyles(accountCss)
    useAreaStyles(profileCss)
    return <View />
  }

export const Profile = styled(ProfileView)
export const ChooseAccountName = styled(ChooseAccountNameView)
export const SwitchAccountType = styled(SwitchAccountTypeView)
