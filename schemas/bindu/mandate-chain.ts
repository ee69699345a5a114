/**
 * The AP2 mandate chain as data: which mandate comes first, who issues and signs each one, which
 * property carries the signature, under which DataPart key it travels, and how the later mandates
 * point back at the earlier ones. Plain constants, not TypeBox schemas (the variant does not
 * import this file); the docs draw the mandate chain from it, and the docs build checks that every
 * type, property and data-key constant named here exists in the `bindu` definitions.
 *
 * Sources: seed 001 "Payment Mandates (Trust Framework)" (the three mandates and who says what:
 * "IntentMandate - User says ...", "CartMandate - Merchant says ...", "PaymentMandate - User says
 * ..."; CartContents "is signed by the merchant to create a CartMandate"; PaymentMandateContents
 * "gets signed by the user to create the final PaymentMandate"; `userAuthorization` signs "over the
 * cart_mandate and payment_mandate hashes"), seed 001 "Data Key Constants", and AP2 v0.1's A2A
 * extension, which carries the IntentMandate and PaymentMandate in Messages and the CartMandate in
 * an Artifact the merchant produces.
 */

/** Who acts at a step of the chain. */
export type MandateParty = 'user' | 'merchant';

export interface MandateStep {
  /** The mandate type. */
  readonly mandate: string;
  /** The unsigned contents type the mandate wraps, when it has one. */
  readonly contents?: string;
  /** The mandate's property holding the contents. */
  readonly contentsProperty?: string;
  /** Who issues the mandate. */
  readonly issuer: MandateParty;
  /** The mandate's property holding the issuer's signature, when it has one. */
  readonly signature?: string;
  /** What the mandate says, in the issuer's words (seed 001 "Summary"). */
  readonly says: string;
  /** The name of the definition holding the DataPart key the mandate travels under. */
  readonly dataKey: string;
  /** What carries that DataPart on the A2A wire. */
  readonly carrier: 'Message' | 'Artifact';
}

/** The three mandates, in the order they are made. */
export const MANDATE_CHAIN: readonly MandateStep[] = [
  {
    mandate: 'IntentMandate',
    issuer: 'user',
    says: "Here's what I want to buy and my constraints",
    dataKey: 'INTENT_MANDATE_DATA_KEY',
    carrier: 'Message',
  },
  {
    mandate: 'CartMandate',
    contents: 'CartContents',
    contentsProperty: 'contents',
    issuer: 'merchant',
    signature: 'merchantAuthorization',
    says: "Here's what I'm offering at this price",
    dataKey: 'CART_MANDATE_DATA_KEY',
    carrier: 'Artifact',
  },
  {
    mandate: 'PaymentMandate',
    contents: 'PaymentMandateContents',
    contentsProperty: 'paymentMandateContents',
    issuer: 'user',
    signature: 'userAuthorization',
    says: 'I authorize this specific payment',
    dataKey: 'PAYMENT_MANDATE_DATA_KEY',
    carrier: 'Message',
  },
];

/** A reference from a later step of the chain back to an earlier one. */
export interface MandateBinding {
  /** The type and the property path (dot-separated) that refers back. */
  readonly from: { readonly type: string; readonly path: string };
  /** The type and property path (empty for the whole object) referred to. */
  readonly to: { readonly type: string; readonly path: string };
  /** What the reference means. */
  readonly says: string;
}

export const MANDATE_BINDINGS: readonly MandateBinding[] = [
  {
    from: { type: 'PaymentMandateContents', path: 'paymentDetailsId' },
    to: { type: 'CartContents', path: 'paymentRequest.details.id' },
    says: "names the cart's payment request",
  },
  {
    from: { type: 'PaymentMandateContents', path: 'paymentDetailsTotal' },
    to: { type: 'CartContents', path: 'paymentRequest.details.total' },
    says: "restates the cart's total",
  },
  {
    from: { type: 'PaymentMandate', path: 'userAuthorization' },
    to: { type: 'CartMandate', path: '' },
    says: 'signs over the hashes of the CartMandate and the PaymentMandateContents',
  },
];
