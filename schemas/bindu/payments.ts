/**
 * AP2 (Agent Payments Protocol v0.1) payment types as the Bindu seed shows them: camelCase on the
 * wire (seed 001 "Payment Models (AP2 Protocol)"), and the data-key constants that name AP2
 * payloads inside a DataPart (seed 001 "Data Key Constants"). Not part of A2A.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject } from '../lib.js';

// ---- Data keys: each is the key under which a DataPart's `data` object carries that AP2 payload.

export const CONTACT_ADDRESS_DATA_KEY = Type.Literal('contact_picker.ContactAddress', {
  description: 'The DataPart `data` key under which a ContactAddress travels.',
});

export const PAYMENT_METHOD_DATA_DATA_KEY = Type.Literal('payment_request.PaymentMethodData', {
  description: 'The DataPart `data` key under which a PaymentMethodData travels.',
});

export const CART_MANDATE_DATA_KEY = Type.Literal('ap2.mandates.CartMandate', {
  description: 'The DataPart `data` key under which a CartMandate travels.',
});

export const INTENT_MANDATE_DATA_KEY = Type.Literal('ap2.mandates.IntentMandate', {
  description: 'The DataPart `data` key under which an IntentMandate travels.',
});

export const PAYMENT_MANDATE_DATA_KEY = Type.Literal('ap2.mandates.PaymentMandate', {
  description: 'The DataPart `data` key under which a PaymentMandate travels.',
});

// ---- Payment types (W3C Payment Request, as adopted by AP2).

export const ContactAddress = Type.Object(
  {
    city: Type.Optional(Type.String({ description: 'The city.' })),
    country: Type.Optional(Type.String({ description: 'The country, for example `US`.' })),
    dependentLocality: Type.Optional(
      Type.String({ description: 'The dependent locality, such as a neighbourhood or district within the city.' }),
    ),
    organization: Type.Optional(Type.String({ description: 'The organisation at the address.' })),
    phoneNumber: Type.Optional(Type.String({ description: 'A phone number for the address.' })),
    postalCode: Type.Optional(Type.String({ description: 'The postal code.' })),
    recipient: Type.Optional(Type.String({ description: 'The name of the person the address is for.' })),
    region: Type.Optional(Type.String({ description: 'The region, such as a state or province.' })),
    sortingCode: Type.Optional(Type.String({ description: 'The sorting code used in some countries.' })),
    addressLine: Type.Optional(
      Type.Array(Type.String({ description: 'One line of the street address.' }), {
        description: 'The street address, one entry per line.',
      }),
    ),
  },
  { description: 'A physical address, used for shipping, billing or contact details in a payment.' },
);

export const PaymentCurrencyAmount = Type.Object(
  {
    currency: Type.String({ description: 'The three-letter ISO 4217 currency code, for example `USD`.' }),
    value: Type.Number({ description: 'The amount, in major units of the currency (for example `29.99`).' }),
  },
  { description: 'A sum of money in a stated currency.' },
);

export const PaymentItem = Type.Object(
  {
    label: Type.String({ description: 'A human-readable description of the item.' }),
    amount: Type.Ref('PaymentCurrencyAmount', { description: 'What the item costs.' }),
    pending: Type.Optional(Type.Boolean({ description: 'True when the amount is not final yet.' })),
    refundPeriod: Type.Optional(Type.Integer({ description: 'How many days the item can be refunded for.' })),
  },
  { description: 'One line of a payment request: an item and the amount asked for it.' },
);

export const PaymentShippingOption = Type.Object(
  {
    id: Type.String({ description: 'The identifier of the shipping option.' }),
    label: Type.String({ description: 'A human-readable description of the option.' }),
    amount: Type.Ref('PaymentCurrencyAmount', { description: 'What this option costs.' }),
    selected: Type.Optional(Type.Boolean({ description: 'True when this option is the default or current choice.' })),
  },
  { description: 'One way of delivering the order, with its cost.' },
);

export const PaymentOptions = Type.Object(
  {
    requestPayerName: Type.Optional(Type.Boolean({ description: "True to collect the payer's name." })),
    requestPayerEmail: Type.Optional(Type.Boolean({ description: "True to collect the payer's email address." })),
    requestPayerPhone: Type.Optional(Type.Boolean({ description: "True to collect the payer's phone number." })),
    requestShipping: Type.Optional(Type.Boolean({ description: 'True to collect a shipping address.' })),
    shippingType: Type.Optional(Type.String({ description: 'How the order is fulfilled: `shipping`, `delivery` or `pickup`.' })),
  },
  { description: 'Which details to collect from the payer at checkout.' },
);

export const PaymentMethodData = Type.Object(
  {
    supportedMethods: Type.String({ description: 'The identifier of the payment method, for example `CARD`.' }),
    data: Type.Optional(OpenObject({ description: 'Details specific to the payment method, such as a processor URL.' })),
  },
  { description: 'A payment method the merchant accepts, with data specific to it.' },
);

export const PaymentDetailsModifier = Type.Object(
  {
    supportedMethods: Type.String({ description: 'The payment method this modifier applies to.' }),
    total: Type.Optional(Type.Ref('PaymentItem', { description: 'The total that replaces the original one when this method is used.' })),
    additionalDisplayItems: Type.Optional(
      Type.Array(Type.Ref('PaymentItem'), {
        description: 'Extra line items that apply with this method, such as a card fee.',
      }),
    ),
    data: Type.Optional(Type.Unknown({ description: 'Data specific to the payment method, of any JSON type.' })),
  },
  { description: 'A change to the payment details that applies when the payer picks a particular payment method.' },
);

export const PaymentDetailsInit = Type.Object(
  {
    id: Type.String({ description: 'The identifier of the payment request.' }),
    displayItems: Type.Array(Type.Ref('PaymentItem'), { description: 'The line items shown to the payer.' }),
    shippingOptions: Type.Optional(Type.Array(Type.Ref('PaymentShippingOption'), { description: 'The shipping options to choose from.' })),
    modifiers: Type.Optional(
      Type.Array(Type.Ref('PaymentDetailsModifier'), {
        description: 'Price changes that apply to particular payment methods.',
      }),
    ),
    total: Type.Ref('PaymentItem', { description: 'The total amount to pay.' }),
    description: Type.Optional(Type.String({ description: 'A description of the payment request.' })),
  },
  { description: 'The full financial breakdown of a transaction: line items, shipping, modifiers and total.' },
);

export const PaymentRequest = Type.Object(
  {
    methodData: Type.Array(Type.Ref('PaymentMethodData'), { description: 'The payment methods the merchant accepts.' }),
    details: Type.Ref('PaymentDetailsInit', { description: 'The financial details of the transaction.' }),
    options: Type.Optional(Type.Ref('PaymentOptions', { description: 'Which details to collect from the payer.' })),
    shippingAddress: Type.Optional(Type.Ref('ContactAddress', { description: 'The shipping address the user gave.' })),
  },
  { description: 'A complete request for payment, sent from the merchant agent to the shopper agent.' },
);

export const PaymentResponse = Type.Object(
  {
    requestId: Type.String({ description: 'The identifier of the PaymentRequest being answered.' }),
    methodName: Type.String({ description: 'The payment method the user chose.' }),
    details: Type.Optional(
      OpenObject({
        description:
          'Data produced by the payment method that the merchant uses to process the transaction, such as a token; its content depends on the method.',
      }),
    ),
    shippingAddress: Type.Optional(Type.Ref('ContactAddress', { description: 'The shipping address the user gave.' })),
    shippingOption: Type.Optional(Type.Ref('PaymentShippingOption', { description: 'The shipping option the user chose.' })),
    payerName: Type.Optional(Type.String({ description: "The payer's name." })),
    payerEmail: Type.Optional(Type.String({ description: "The payer's email address." })),
    payerPhone: Type.Optional(Type.String({ description: "The payer's phone number." })),
  },
  { description: "The user's answer to a payment request: the chosen payment method and approval, with payer details." },
);
