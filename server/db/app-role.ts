/**
 * The role the API processes and workers act as (ADR 003, "The app's role and the only writer of the journal").
 * It is neither superuser nor owner of the tables, so privileges bind it: it can read the journal but not write
 * it, and its only way to write entries and postings is ledger_post(), a SECURITY DEFINER function that refuses
 * an unbalanced entry. Created (NOLOGIN) by migration 0480; the migrating login, a member of it, switches to it on
 * every new connection (connectDatabase's `role`). Migrations, operator tools and fixtures that tamper with the
 * ledger on purpose keep the login's own role, the owner.
 */
export const APP_ROLE = 'wallet_app';
