import 'reflect-metadata/lite'
import { addAllEnglish } from '../src/presentation/i18n/english-rest'
import { addEnglish } from '../src/presentation/i18n/english'
import { shell } from '../src/presentation/i18n/messages/shell'
import { connect } from '../src/presentation/i18n/messages/connect'

// In a modal, the shell's and Connect's English come with the modal's root (ModalRoot.tsx) and an
// area's English with the module of the view that shows it. A test that draws a component or one
// part of a view directly (not through the root or its view module) starts with all of it here, as
// the modal has it once that view is loaded. tests/unit/presentation/i18n/english-parts.test.tsx
// checks, in a fresh module graph, that each view brings its own.
addEnglish(shell, connect)
addAllEnglish()

// jsdom has <dialog> without its modal methods: the modal's overlay opens and closes through them.
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
}
