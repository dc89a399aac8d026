import { Injectable } from '@nestjs/common';
import { creditDecider, creditStream, type CreditCommand, type CreditState, type DomainError, type MoneyOrderPlan } from '@credence/domain';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { moneyStep, type MoneyActor } from '../ledger/money-ids';
import { orderIds } from './order-records';

/**
 * The credit ledger's holds: an order holds the current credit it uses while its card is charged, so a concurrent
 * order cannot spend it meanwhile; a refused payment gives it back.
 */
@Injectable()
export class CreditHolds {
  constructor(private readonly commands: CommandHandling) {}

  load(companyId: string) {
    return this.commands.load(creditStream(companyId), creditDecider);
  }

  /** Holds what the order's plan uses, planning on the balance each attempt reads. Answers the plan held for. */
  async hold(companyId: string, commandId: string, actor: MoneyActor, planOn: (state: CreditState) => MoneyOrderPlan): Promise<{ holding: boolean; plan: MoneyOrderPlan }> {
    const reservationId = orderIds(commandId).reservation;
    let plan: MoneyOrderPlan | undefined;
    const reserved = await this.commands.handleCommand({
      stream: creditStream(companyId),
      decider: creditDecider,
      command: (state): CreditCommand | CreditCommand[] => {
        // A concurrent order may have spent some of the credit since the caller looked.
        plan = planOn(state);
        if (state.holds[reservationId] || plan.creditUsedMinor === 0) return [];
        return { type: 'ReserveCredit', reservationId, unit: 'money', amount: plan.creditUsedMinor };
      },
      context: moneyStep(commandId, 'reserve', actor, companyId),
    });
    return { holding: !!reserved.state.holds[reservationId], plan: plan ?? planOn(reserved.state) };
  }

  async release(companyId: string, commandId: string, actor: MoneyActor, why: DomainError): Promise<void> {
    await this.commands.handleCommand({
      stream: creditStream(companyId),
      decider: creditDecider,
      command: { type: 'ReleaseReservation', reservationId: orderIds(commandId).reservation, code: why.code ?? 'QC-PAYMENT', message: why.message },
      context: moneyStep(commandId, 'release', actor, companyId),
    });
  }
}
