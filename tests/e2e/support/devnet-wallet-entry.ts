// The Devnet Wallet as a page script for pages that are not the demo (the examples): it installs at
// once, before the page's own scripts, as an extension's content script would.
import { install } from '../../../demo/src/dev-wallet/devnet-wallet'

install()
