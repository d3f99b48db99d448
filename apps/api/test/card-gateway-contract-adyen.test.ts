import { randomBytes } from 'node:crypto';
import { AdyenCardGateway } from '../src/ports/adyen';
import { cardGatewayContract, type ContractCard, type WebhookDelivery } from './card-gateway-contract';
import { ADYEN_TEST_CARDS, FakeAdyen, adyenChallengeDetails, adyenTestCard } from './adyen/fake-adyen';

/** The CardGateway contract on the Adyen adapter, against the local fake of Adyen's Checkout API (test/adyen). */
cardGatewayContract('adyen (local fake of Checkout v71)', async () => {
  const secret = () => randomBytes(32).toString('hex');
  const opts = { apiKey: secret(), merchantAccount: 'GuaritaECOM', hmacKey: secret() };
  const fake = new FakeAdyen(opts);
  await fake.start();
  const deliveries: WebhookDelivery[] = [];
  fake.webhookSink = async (raw) => {
    deliveries.push({ rawBody: Buffer.from(raw), headers: { 'content-type': 'application/json' } });
  };
  const gateway = new AdyenCardGateway({
    ...opts,
    clientKey: `test_${secret()}`,
    environment: 'test',
    checkoutUrl: fake.url,
    timeoutMs: 10_000,
    retries: 1,
    backoffMs: () => 10,
  });
  const cards: Record<ContractCard, ReturnType<typeof adyenTestCard>> = {
    visa: adyenTestCard(ADYEN_TEST_CARDS.visa),
    mastercard: adyenTestCard(ADYEN_TEST_CARDS.mastercard),
    decline: adyenTestCard(ADYEN_TEST_CARDS.visa, 'DECLINED'),
    insufficient: adyenTestCard(ADYEN_TEST_CARDS.visa, 'NOT_ENOUGH_BALANCE'),
    challenge: adyenTestCard(ADYEN_TEST_CARDS.challengeVisa),
  };
  return {
    gateway,
    provider: 'adyen',
    card: async (kind) => cards[kind],
    unavailable: async () => {
      // Both attempts answer 500 (timeouts: test/adyen/adyen-adapter.test.ts).
      fake.failNext(2);
      return cards.visa;
    },
    lostAnswer: async (outcome) => {
      // Adyen makes the payment and sends its webhook, but neither attempt's answer comes back (the connection cut).
      fake.loseNextAnswers(2);
      return outcome === 'approved' ? cards.visa : cards.decline;
    },
    completeChallenge: async (action, passed) => adyenChallengeDetails(action.data, passed),
    deliveries: async () => {
      await fake.settleWebhooks();
      return [...deliveries];
    },
    close: () => fake.stop(),
  };
});
