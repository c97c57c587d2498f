import type { z } from 'zod';
import type {
  SendCodeRequest,
  VerifyCodeRequest,
  VerifyCodeResponse,
  detailResponseSchema,
  sendCodeResponseSchema,
} from '../../../common/api/auth';
import { apiFetch } from '../../shared/api/api-client';

// The sign-in calls, typed by the shared contract in common/api/auth.ts.

export type SignInIdentifier = { email: string } | { phone_number: string };

export async function sendCode(request: SendCodeRequest): Promise<void> {
  await apiFetch<z.infer<typeof sendCodeResponseSchema>>('/auth/send_code/', { method: 'POST', body: request });
}

export function verifyCode(request: VerifyCodeRequest): Promise<VerifyCodeResponse> {
  return apiFetch<VerifyCodeResponse>('/auth/verify_code/', { method: 'POST', body: request });
}


/** Resolves to the server's detail (a value, not void: TanStack Query refuses undefined as query data). */
export async function confirmEmail(code: string): Promise<string> {
  const answer = await apiFetch<z.infer<typeof detailResponseSchema>>('/auth/confirm_email/', { query: { code } });
  return answer.detail;
}
