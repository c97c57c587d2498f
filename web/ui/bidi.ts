/**
 * A value put inside a translated sentence (a Latin name in Arabic, an amount, a phone number, a reference) is
 * wrapped in Unicode first-strong isolates (FSI ... PDI), the plain-text form of <bdi>: its own direction is taken
 * from its first strong character and it cannot reorder the sentence around it ('Boulevard Mohammed V, 20250'
 * stays as written in an Arabic line). Where the value is its own element, <bdi> does the same job.
 */
export function isolate(value: string): string {
  return value === '' ? '' : `\u2068${value}\u2069`;
}
