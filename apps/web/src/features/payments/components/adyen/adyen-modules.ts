import { AdyenCheckout, Card, Redirect, ThreeDS2Challenge, ThreeDS2DeviceFingerprint } from '@adyen/adyen-web';
import '@adyen/adyen-web/styles/adyen.css';

/**
 * The parts of `@adyen/adyen-web` we use, imported by name so the bundler leaves out every other payment method
 * (a dynamic import of the package itself would keep them all). Reached only through adyen-web.ts's dynamic import.
 * The 3DS2 and redirect actions are registered with the checkout (the tree-shakable build registers nothing itself).
 */
export function adyenModules() {
  AdyenCheckout.register(ThreeDS2DeviceFingerprint, ThreeDS2Challenge, Redirect);
  return { AdyenCheckout, Card };
}
