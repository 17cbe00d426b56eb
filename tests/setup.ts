import 'reflect-metadata/lite'
import { loadEnglishRest } from '../src/presentation/i18n/english'

// The modal draws once its English is here (its first render and every lazy view wait for it); a
// test that renders the shell or a view directly starts with it here, as a modal does.
await loadEnglishRest()
