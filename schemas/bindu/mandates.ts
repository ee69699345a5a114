/**
 * AP2 mandates as the Bindu seed shows them, camelCase (seed 001 "Payment Mandates (Trust Framework)").
 * Not part of A2A.
 */
import { Type } from '@sinclair/typebox';
import { DateTime } from '../lib.js';

export const IntentMandate = Type.Object(
  {
    userCartConfirmationRequired: Type.Boolean({
      description:
        "False lets the agent buy on the user's behalf once every purchase condition is met; must be true when the user has not signed the mandate.",
    }),
    naturalLanguageDescription: Type.String({
      description:
        "The user's intent in plain language, written by the shopping agent and confirmed by the user so that consent is informed.",
    }),
    merchants: Type.Optional(
      Type.Array(Type.String({ description: 'One merchant.' }), {
        description: 'The merchants allowed to fulfil the intent; when absent, any suitable merchant may.',
      }),
    ),
    skus: Type.Optional(
      Type.Array(Type.String({ description: 'One product SKU.' }), {
        description: 'The product SKUs allowed; when absent, any SKU may be bought.',
      }),
    ),
    requiresRefundability: Type.Optional(Type.Boolean({ description: 'True when the items must be refundable.' })),
    intentExpiry: DateTime({ description: 'When the mandate expires, as an ISO 8601 date-time.' }),
  },
  { description: "The user's purchase intent and the constraints the shopping agent must respect." },
);

export const CartContents = Type.Object(
  {
    id: Type.String({ description: 'The identifier of the cart.' }),
    userCartConfirmationRequired: Type.Boolean({
      description: 'True when the merchant needs the user to confirm the cart before the purchase can complete.',
    }),
    paymentRequest: Type.Ref('PaymentRequest', {
      description: 'The payment request for the cart: the items, their prices and the payment methods the merchant accepts.',
    }),
    cartExpiry: DateTime({ description: 'When the cart expires, as an ISO 8601 date-time.' }),
    merchantName: Type.String({ description: 'The name of the merchant.' }),
  },
  { description: 'What a cart holds; the merchant signs it to make a CartMandate.' },
);

export const CartMandate = Type.Object(
  {
    contents: Type.Ref('CartContents', { description: 'The contents of the cart.' }),
    merchantAuthorization: Type.Optional(
      Type.String({
        description:
          'A base64url-encoded JSON Web Token by which the merchant signs the cart contents; its payload names issuer and audience, a short expiry, a unique token id and a hash of the canonical CartContents.',
      }),
    ),
  },
  { description: 'A cart signed by the merchant, guaranteeing its items and prices for a limited time.' },
);

export const PaymentMandateContents = Type.Object(
  {
    paymentMandateId: Type.String({ description: 'The identifier of the payment mandate.' }),
    paymentDetailsId: Type.String({ description: 'The identifier of the payment request.' }),
    paymentDetailsTotal: Type.Ref('PaymentItem', { description: 'The total amount to pay.' }),
    paymentResponse: Type.Ref('PaymentResponse', {
      description: 'The payment response, with the payment method the user chose.',
    }),
    merchantAgent: Type.String({ description: 'The identifier of the merchant.' }),
    timestamp: DateTime({ description: 'When the mandate was created, as an ISO 8601 date-time.' }),
  },
  { description: 'The payment authorisation details, before the user signs them to make a PaymentMandate.' },
);

export const PaymentMandate = Type.Object(
  {
    paymentMandateContents: Type.Ref('PaymentMandateContents', { description: 'What the mandate authorises.' }),
    userAuthorization: Type.Optional(
      Type.String({
        description:
          'A base64url-encoded verifiable presentation by which the user signs over the hashes of the cart mandate and the payment mandate contents, for example an SD-JWT-VC.',
      }),
    ),
  },
  {
    description:
      "The user's signed authorisation of a payment, which may be shared with the payment network or issuer to build trust in the agent-driven transaction.",
  },
);
