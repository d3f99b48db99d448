import fp from 'fastify-plugin';
import assignmentRoutes from './assignment-routes';
import { AssignmentDesk } from './assignments';
import financeRoutes from './finance-routes';
import { FinanceDesk } from './finance';
import { PaymentDesk } from './finance-payments';
import routes from './routes';
import deskRoutes from './desk-routes';
import { CannedReplies } from './canned-replies';
import { CustomerContext } from './customer-context';
import { StaffAttachments } from './staff-attachments';
import { BackofficeService } from './service';
import { QueueDesk } from './queue-desk';
import { StaffQueue } from '../cases';

declare module 'fastify' {
  interface FastifyInstance {
    backoffice: BackofficeService;
    assignmentDesk: AssignmentDesk;
    queueDesk: QueueDesk;
    financeDesk: FinanceDesk;
    paymentDesk: PaymentDesk;
    customerContext: CustomerContext;
    cannedReplies: CannedReplies;
    staffAttachments: StaffAttachments;
  }
}

/** The staff console's API (issue 13 §2): queue, case detail, phase moves, comments/notes, reviews, approvals, financeiro desk. */
export default fp(
  async (app) => {
    app.decorate(
      'backoffice',
      new BackofficeService(
        app.db,
        app.caseSystem,
        app.claims,
        app.customers,
        app.contracts,
        app.fileStorage,
        app.staffAudit,
        app.clock,
        app.plans,
      ),
    );
    app.decorate(
      'assignmentDesk',
      new AssignmentDesk(app.db, app.backoffice, app.staff, (err) => app.log.error({ err }, 'bulk action: a case failed')),
    );
    app.decorate('queueDesk', new QueueDesk(app.db, new StaffQueue(app.db), app.customers, app.staffAudit, app.clock));
    app.decorate('financeDesk', new FinanceDesk(app.db, app.payments.ledger, app.customers, app.staffAudit));
    app.decorate('paymentDesk', new PaymentDesk(app.payments.refunds, app.customers, app.staffAudit));
    // Issue 30 items 15 and 16: the customer's context, canned replies, comments with a file.
    app.decorate(
      'customerContext',
      new CustomerContext(app.db, app.caseSystem, app.claims, app.customers, app.contracts, app.notifications, app.staffAudit),
    );
    app.decorate('cannedReplies', new CannedReplies(app.db, app.staffAudit));
    app.decorate('staffAttachments', new StaffAttachments(app.db, app.caseSystem, app.contracts, app.fileStorage, app.staffAudit));
    await app.register(routes, { prefix: '/api' });
    await app.register(deskRoutes, { prefix: '/api' });
    await app.register(financeRoutes, { prefix: '/api' });
    await app.register(assignmentRoutes, { prefix: '/api' });
  },
  {
    name: 'backoffice',
    dependencies: ['ports', 'staff', 'cases', 'claims', 'customers', 'contracts', 'plans', 'payments', 'notifications'],
  },
);
