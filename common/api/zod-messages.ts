import { z } from 'zod';
import { genericMessages } from './errors.ts';

/**
 * Zod's default for a missing field is "Invalid input: expected string, received undefined"; users and the UI's
 * translations want the one DRF-style sentence. Installed once by the server and the web client alike.
 */
export function installZodMessages(): void {
  z.config({
    customError: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? genericMessages.required : undefined,
  });
}
