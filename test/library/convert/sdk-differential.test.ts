/**
 * `convert` against @a2a-js/sdk 1.x's own v0.3 ⇄ v1.0 translation (its internal translators,
 * sdk-translators.ts), over every valid a2a and a2a-v1 conformance case of a type both translate.
 * Every case where the two differ is listed below with the SPEC-NOTES C-14 item that decides it; a
 * new difference, or a listed one that no longer differs, fails.
 */
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lintVariant, fixtureSchemaValidator } from '../../../src/library/conformance/lint.js';
import { readVariantFiles } from '../../../src/library/conformance/load-fixtures.js';
import { toV03, toV1 } from '../../../src/library/convert/index.js';
import { ROOT } from '../../helpers.js';
import { sdkToV03, sdkToV1 } from './sdk-pairs.js';
import { sdkTranslators, type Translators } from './sdk-translators.js';

/** The differences recorded in SPEC-NOTES C-14, by case. */
const RECORDED: Readonly<Record<string, string>> = {
  'a2a/AgentCard#full': 'duplicate interfaces listed once; explicit defaults carried',
  'a2a/AgentCard#seed-001-l3458-complete-agent-card': 'unknown keys carried',
  'a2a/AgentCapabilities#streaming-push-extensions': 'explicit defaults carried (required: false)',
  'a2a/AgentCapabilities#seed-001-l3359-full-featured-agent': 'explicit defaults carried (required: false)',
  'a2a/AgentExtension#citations': 'explicit defaults carried (required: false)',
  'a2a/AgentInterface#seed-001-l3215-multiple-transport-support': 'unknown keys carried',
  'a2a/AgentSkill#seed-001-l3309-data-analysis-skill': 'unknown keys carried',
  'a2a/OAuthFlows#none': 'OAuthFlows without a flow: the SDK throws',
  'a2a/TaskArtifactUpdateEvent#first-chunk': 'explicit defaults carried',
  'a2a/TaskArtifactUpdateEvent#seed-001-l805-first-chunk': 'explicit defaults carried',
  'a2a/TaskArtifactUpdateEvent#seed-001-l827-subsequent-chunk': 'explicit defaults carried',
  'a2a-v1/AgentCard#proto-names': 'a card with no v0.3 interface: the SDK throws',
  'a2a-v1/AgentCard#spec-l2113-sample-agent-card': 'a card with no v0.3 interface: the SDK throws',
  'a2a-v1/Artifact#proto-name-id': 'explicit defaults carried (extensions: [])',
  'a2a-v1/Part#data-array': 'non-object data: no SDK-only metadata flag',
  'a2a-v1/Part#data-null': 'non-object data: the SDK throws on null',
  'a2a-v1/Role#unspecified': 'ROLE_UNSPECIFIED is not agent',
  'a2a-v1/SendMessageConfiguration#empty': 'no acceptedOutputModes: [] for an absent list',
  'a2a-v1/StreamResponse#status-update': 'final on an interrupted state',
  'a2a-v1/StreamResponse#proto-name-status-update': 'final on an interrupted state',
  'a2a-v1/Task#minimal': 'missing required ids are not ""',
  'a2a-v1/TaskPushNotificationConfig#url-only': 'missing required ids are not ""',
  'a2a-v1/TaskStatusUpdateEvent#input-required': 'final on an interrupted state',
  'a2a-v1/TaskStatusUpdateEvent#v03-final-is-unknown': 'final on an interrupted state',
};

const FIXTURE_TYPE: Readonly<Record<string, string>> = { TextPart: 'Part', FilePart: 'Part', DataPart: 'Part' };

function outcome(run: () => unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(run() ?? null));
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

describe('convert and the @a2a-js/sdk 1.x translation', () => {
  let translators: Translators;
  beforeAll(async () => {
    translators = await sdkTranslators();
    // The SDK warns on the console when it keeps one of several push authentication schemes.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  for (const variant of ['a2a', 'a2a-v1'] as const) {
    const { cases } = lintVariant(readVariantFiles(join(ROOT, 'conformance'), variant), undefined, fixtureSchemaValidator(ROOT));
    const compared = cases.filter((c) => c.valid && 'type' in c.target);
    it(`${variant}: every case the SDK also translates is identical or recorded`, () => {
      const differ: string[] = [];
      let both = 0;
      for (const c of compared) {
        const type = FIXTURE_TYPE[(c.target as { type: string }).type] ?? (c.target as { type: string }).type;
        const theirs = variant === 'a2a' ? sdkToV1(translators, type) : sdkToV03(translators, type);
        if (!theirs) continue;
        both++;
        const ours = outcome(() => (variant === 'a2a' ? toV1 : toV03)(type, c.data).value);
        const sdk = outcome(() => theirs(structuredClone(c.data)));
        if (!isDeepStrictEqual(ours, sdk)) differ.push(c.fullId);
      }
      expect(both).toBeGreaterThan(60);
      const recorded = Object.keys(RECORDED).filter((id) => id.startsWith(`${variant}/`));
      expect(
        differ.filter((id) => !recorded.includes(id)),
        'differences not recorded in SPEC-NOTES C-14',
      ).toEqual([]);
      expect(
        recorded.filter((id) => !differ.includes(id)),
        'recorded differences that are gone',
      ).toEqual([]);
    });
  }

  it('sees a difference when there is one', () => {
    const sdk = sdkToV03(translators, 'TaskStatusUpdateEvent')!;
    const event = { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_INPUT_REQUIRED' } };
    expect(outcome(() => sdk(event))).toMatchObject({ final: false });
    expect(toV03('TaskStatusUpdateEvent', event).value).toMatchObject({ final: true });
  });
});
