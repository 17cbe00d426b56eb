import 'reflect-metadata/lite'
import { addAllEnglish } from '../src/presentation/i18n/english-rest'

// In a modal, an area's English comes with the module of the view that shows it. A test that draws
// one part of a view directly (not through its view module) starts with every area's English here,
// as the modal has it once that view is loaded. tests/unit/presentation/i18n/english-parts.test.tsx
// checks, in a fresh module graph, that each view brings its own.
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
