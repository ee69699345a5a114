/**
 * canonicalAgentCard: §8.4.1's default removal driven by the a2a-v1 schemas and the proto's `optional` table, and RFC
 * 8785 (the `canonicalize` package, checked here against the RFC's own examples and its number table).
 */
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { canonicalAgentCard, SignatureInputError, validate } from '../../../src/index.js';

describe('RFC 8785 (canonicalize)', () => {
  it('§3.2.2: the sample input becomes the sample output', () => {
    const input = `{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\"\\/",
      "literals": [null, true, false]
    }`;
    expect(canonicalize(JSON.parse(input))).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('§3.2.3: properties sorted by UTF-16 code units', () => {
    const input = `{
      "\\u20ac": "Euro Sign",
      "\\r": "Carriage Return",
      "\\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\\ud83d\\ude00": "Emoji: Grinning Face",
      "\\u0080": "Control",
      "\\u00f6": "Latin Small Letter O With Diaeresis"
    }`;
    // The RFC's order: \r, 1, U+0080, ö, €, 😀 (the surrogate pair D83D DE00), then U+FB33.
    expect(canonicalize(JSON.parse(input))).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
        '"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('Appendix B: IEEE 754 doubles serialized as ECMAScript does', () => {
    const table: Array<[string, string]> = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ];
    const double = (hex: string) => new DataView(Uint8Array.from(Buffer.from(hex, 'hex')).buffer).getFloat64(0);
    for (const [hex, text] of table) expect(canonicalize([double(hex)]), hex).toBe(`[${text}]`);
    for (const hex of ['7fffffffffffffff', '7ff0000000000000']) expect(() => canonicalize([double(hex)]), hex).toThrow();
  });
});

/** A v1.0 card with every field set and nothing at a default value. */
const CARD = {
  name: 'Recipe Agent',
  description: 'Finds recipes.',
  supportedInterfaces: [{ url: 'https://agent.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  provider: { url: 'https://example.com', organization: 'Example' },
  version: '1.0.0',
  capabilities: { streaming: true, extensions: [{ uri: 'https://example.com/ext/v1', required: true, params: { level: 2 } }] },
  securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
  securityRequirements: [{ schemes: { bearer: { list: ['read'] } } }],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'find', name: 'Find', description: 'Finds a recipe.', tags: ['cooking'] }],
};

describe('canonicalAgentCard', () => {
  it("§8.4.1's example: the canonical form it prints", () => {
    const fragment = {
      name: 'Example Agent',
      description: '',
      capabilities: { streaming: false, pushNotifications: false, extensions: [] },
      skills: [],
    };
    expect(canonicalAgentCard(fragment)).toEqual({
      canonical: '{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}',
      removed: ['/capabilities/extensions'],
    });
  });

  it('a card without default values is the RFC 8785 form of the card without signatures', () => {
    const card = JSON.parse(JSON.stringify(CARD));
    expect(validate('AgentCard', card, { variant: 'a2a-v1', strict: true }).errors).toEqual([]);
    const signed = { ...card, signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2ln' }] };
    expect(canonicalAgentCard(signed)).toEqual({ canonical: canonicalize(card), removed: [] });
  });

  it('removes default values where the field is neither REQUIRED, optional nor in a one-of, at every depth', () => {
    const card = JSON.parse(JSON.stringify(CARD));
    const withDefaults = {
      ...card,
      documentationUrl: '', // proto3 optional: present, so kept even empty
      supportedInterfaces: [{ ...card.supportedInterfaces[0], tenant: '' }],
      capabilities: { ...card.capabilities, pushNotifications: false, extendedAgentCard: false },
      securitySchemes: {
        ...card.securitySchemes,
        key: { apiKeySecurityScheme: { location: 'header', name: 'X-Key', description: '' } },
      },
      securityRequirements: [...card.securityRequirements, { schemes: {} }],
      skills: [{ ...card.skills[0], examples: [], inputModes: [], outputModes: [], securityRequirements: [] }],
      provider: null,
      iconUrl: '',
      signatures: [],
    };
    expect(validate('AgentCard', withDefaults, { variant: 'a2a-v1' }).valid).toBe(false); // provider null
    const { canonical, removed } = canonicalAgentCard(withDefaults);
    const expected = {
      ...card,
      documentationUrl: '',
      iconUrl: '',
      capabilities: { ...card.capabilities, pushNotifications: false, extendedAgentCard: false },
      securitySchemes: { ...card.securitySchemes, key: { apiKeySecurityScheme: { location: 'header', name: 'X-Key' } } },
      securityRequirements: [...card.securityRequirements, {}],
      provider: undefined,
    };
    expect(canonical).toBe(canonicalize(expected));
    expect([...removed].sort()).toEqual(
      [
        '/provider',
        '/supportedInterfaces/0/tenant',
        '/securitySchemes/key/apiKeySecurityScheme/description',
        '/securityRequirements/1/schemes',
        '/skills/0/examples',
        '/skills/0/inputModes',
        '/skills/0/outputModes',
        '/skills/0/securityRequirements',
      ].sort(),
    );
  });

  it('keeps REQUIRED fields at their default, a present message even empty, and a Struct as it is', () => {
    const card = {
      ...CARD,
      description: '',
      version: '',
      capabilities: {},
      supportedInterfaces: [{ url: '', protocolBinding: '', protocolVersion: '' }],
      skills: [{ id: '', name: '', description: '', tags: [] }],
      provider: { url: '', organization: '' },
    };
    card.capabilities = { extensions: [{ uri: '', params: {} }] } as never;
    const parsed = JSON.parse(canonicalAgentCard(card).canonical);
    expect(parsed.description).toBe('');
    expect(parsed.version).toBe('');
    expect(parsed.supportedInterfaces).toEqual([{ url: '', protocolBinding: '', protocolVersion: '' }]);
    expect(parsed.skills).toEqual([{ id: '', name: '', description: '', tags: [] }]);
    expect(parsed.provider).toEqual({ url: '', organization: '' });
    // AgentExtension.uri is not REQUIRED: "" is its default. params is a google.protobuf.Struct: a message.
    expect(parsed.capabilities).toEqual({ extensions: [{ params: {} }] });
    expect(canonicalAgentCard({ ...CARD, capabilities: {} }).canonical).toContain('"capabilities":{}');
  });

  it('writes a field given under its proto name under its JSON name; keeps unknown keys unchanged', () => {
    const snake = {
      name: CARD.name,
      description: CARD.description,
      supported_interfaces: [{ url: 'https://agent.example/a2a', protocol_binding: 'JSONRPC', protocol_version: '1.0' }],
      version: CARD.version,
      capabilities: { push_notifications: true },
      default_input_modes: ['text/plain'],
      default_output_modes: ['text/plain'],
      skills: CARD.skills,
      icon_url: '',
      'x-vendor': { note: '', list: [] },
    };
    const camel = {
      name: CARD.name,
      description: CARD.description,
      supportedInterfaces: [{ url: 'https://agent.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      version: CARD.version,
      capabilities: { pushNotifications: true },
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: CARD.skills,
      iconUrl: '',
      'x-vendor': { note: '', list: [] },
    };
    expect(canonicalAgentCard(snake).canonical).toBe(canonicalize(camel));
  });

  it('what RFC 8785 refuses, or a card that is not an object, is a SignatureInputError', () => {
    expect(() => canonicalAgentCard([CARD])).toThrow(SignatureInputError);
    expect(() => canonicalAgentCard({ ...CARD, name: 'a\uD800' })).toThrow(/no RFC 8785 form.*surrogate/i);
  });
});
