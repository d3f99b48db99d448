import { unitOfWork } from '../src/db/unit-of-work';
import { describeCaseSystem } from './case-system-contract';
import { aContract, aCustomer } from './factories';
import { createTestApp } from './helpers';
import { InMemoryCaseSystem } from './in-memory-case-system';

// One contract suite, two adapters (ADR 068): the built-in one as the app composes it, on its database, and the
// in-memory one that stands for an outside CRM.

describeCaseSystem('built-in (our database)', async () => {
  const t = await createTestApp();
  return {
    system: t.app.caseSystem,
    unitOfWork: (work) => t.db.transaction().execute((tx) => work(unitOfWork(tx))),
    owner: async () => {
      const customer = await aCustomer(t);
      const contract = await aContract(t, customer);
      return { customerId: customer.id, nCtrId: contract.nCtrId };
    },
    close: () => t.close(),
  };
});

describeCaseSystem('in memory (an outside system)', async () => {
  let next = 0;
  return {
    system: new InMemoryCaseSystem(),
    // Nothing to join: an outside system's calls stand alone, as a CRM's would.
    unitOfWork: (work) => work({} as Parameters<typeof work>[0]),
    owner: async () => {
      next += 1;
      return { customerId: next, nCtrId: 500_000 + next };
    },
    close: async () => {},
  };
});
