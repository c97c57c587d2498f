/** What a person signs in with: a proved e-mail address or phone number. */
export type SignInIdentifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/** Sign-in identifiers share one lock name, so sign-up and a profile claiming the same address never race. */
export const identifierLock = (identifier: string) => `identifier:${identifier}`;
