/**
 * The account's bindings, through a chunk of their own: the page's first script names this small
 * chunk in its preload map instead of the account bindings' many chunks (each a file name in a
 * script every page loads). The account, names, buying, sessions and swap modules load through it.
 */
export const accountBindings = () => import('./account')
