import type { Scenario } from '../world.ts';
import { bankDepositScenario } from './bank-deposit.ts';
import { browseScenario } from './browse.ts';
import { cancelScenario } from './cancel.ts';
import { lateSignupScenario } from './late-signup.ts';
import { mobileWalletScenario } from './mobile-wallet.ts';
import { idempotentMoneyScenario } from './money-move.ts';
import { payoutScenario } from './payout.ts';
import { payoutsOnceScenario } from './payouts-once.ts';
import { pickupScenario } from './pickup.ts';
import { ratesChangeScenario } from './rates-change.ts';
import { reservedCancelScenario } from './reserved-cancel.ts';
import { schedulesScenario } from './schedules.ts';
import { sendScenario, sendUnregisteredScenario } from './send.ts';
import { topupScenario } from './topup.ts';
import { withdrawScenario } from './withdraw.ts';
import { workerScenario } from './worker.ts';

/**
 * Every kind of thing the run does. A new scenario is a file in this folder exporting a `Scenario` and a line
 * here: its customer step (weight), its own actors, its moves in the client's books, its checks.
 */
export const scenarios: Scenario[] = [
  topupScenario,
  sendScenario,
  sendUnregisteredScenario,
  withdrawScenario,
  cancelScenario,
  reservedCancelScenario,
  browseScenario,
  payoutScenario,
  lateSignupScenario,
  idempotentMoneyScenario,
  ratesChangeScenario,
  pickupScenario,
  bankDepositScenario,
  mobileWalletScenario,
  payoutsOnceScenario,
  schedulesScenario,
  workerScenario,
];

/** The step a customer takes when the balance is too low for anything else. */
export const refill = topupScenario;
