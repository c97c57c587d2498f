import type fr from './fr.json';

// French is the source catalogue: a key missing from it is a type error at the call site.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof fr };
  }
}
