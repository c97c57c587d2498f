import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from './authenticate.ts';
import { clientNetwork } from './client-network.ts';

/** The audit line's "who" for this request: any staff route that records an action (back-office, KYC, the counter). */
export function auditActorOf(request: FastifyRequest, user: AuthUser): AuditActor {
  return { userId: user.id, role: user.role, requestId: request.id, ip: clientNetwork(request.ip) };
}
