import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { listResource, type ResourceSpec } from '../../../common/http/simple-rest';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { SettleInvoice } from '../commands/settle-invoice.handler';
import { CreditGrantDto, RefundVerificationDto, SettleInvoiceDto } from '../dto/credit.dto';
import { CreditAdjustmentsService } from '../orders/credit-adjustments.service';
import {
  GetCreditMovementForStaff,
  GetInvoiceForStaff,
  ListCreditMovementsForStaff,
  ListInvoicesForStaff,
  type CreditMovementSort,
  type InvoiceSort,
} from '../queries/staff-money.queries';
import { idempotencyKeyOf } from './idempotency';

const INVOICES_LIST: ResourceSpec<InvoiceSort> = {
  resource: 'invoices',
  sortable: ['created', 'id', 'totalMinor', 'companyId', 'status'],
  filterable: ['companyId', 'status', 'kind', 'billing', 'username', 'q', 'fromDate', 'toDate'],
  defaultSort: ['created', 'DESC'],
};

const CREDIT_MOVEMENTS_LIST: ResourceSpec<CreditMovementSort> = {
  resource: 'credit-movements',
  sortable: ['created', 'companyId', 'type', 'amount'],
  filterable: ['companyId', 'type', 'unit', 'verificationId', 'invoiceId', 'username'],
  defaultSort: ['created', 'DESC'],
};

/** Staff resources `invoices` and `credit-movements` (read), and the credit-grants command. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin')
export class AdminMoneyController {
  constructor(
    private readonly adjustments: CreditAdjustmentsService,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('invoices')
  invoices(@Query() query: Record<string, string>, @Res({ passthrough: true }) res: Response) {
    return listResource(res, INVOICES_LIST, query, (q) => this.queryBus.execute(new ListInvoicesForStaff(q)));
  }

  @Get('invoices/:id')
  invoice(@Param('id') id: string) {
    return this.queryBus.execute(new GetInvoiceForStaff(id));
  }

  /** An invoice account's invoice marked paid (reference, day the money arrived); audited. */
  @Post('invoices/:id/settlement')
  settle(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: SettleInvoiceDto) {
    return this.commandBus.execute(
      new SettleInvoice({ username: p.username, impersonator: p.impersonator }, id, body),
    );
  }

  /** What a verification cost, given back: by card to the card (through the payment provider), else as credit; audited. */
  @Post('refunds')
  refund(@CurrentPrincipal() p: Principal, @Body() body: RefundVerificationDto) {
    return this.adjustments.refundVerification(
      { username: p.username, impersonator: p.impersonator },
      body.companyId,
      body.verificationId,
      body.reason,
    );
  }

  @Get('credit-movements')
  movements(@Query() query: Record<string, string>, @Res({ passthrough: true }) res: Response) {
    return listResource(res, CREDIT_MOVEMENTS_LIST, query, (q) =>
      this.queryBus.execute(new ListCreditMovementsForStaff(q)),
    );
  }

  @Get('credit-movements/:id')
  movement(@Param('id') id: string) {
    return this.queryBus.execute(new GetCreditMovementForStaff(id));
  }

  /** Grant (positive amount) or remove (negative) credit with a reason; audited. */
  @Post('credit-grants')
  grant(
    @CurrentPrincipal() p: Principal,
    @Body() body: CreditGrantDto,
    @Headers('idempotency-key') key?: string,
  ) {
    return this.adjustments.adjust(
      { username: p.username, impersonator: p.impersonator },
      body,
      idempotencyKeyOf(key),
    );
  }
}
