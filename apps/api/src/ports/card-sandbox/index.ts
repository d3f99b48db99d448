export { SANDBOX_CARDS, vaultDemoCard, type Behaviour } from './cards';
export { SandboxCardGateway, type SandboxOptions } from './gateway';
export { SANDBOX_SIGNATURE_HEADER, type WebhookDelivery } from './notifications';
export { JWE_ALG, JWE_ENC } from './keys';
export { sandboxRoutes } from './routes';
