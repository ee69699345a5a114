/**
 * A2A v1.0 Part on the ProtoJSON wire: one piece of content, which is exactly one of `text`,
 * `raw` (base64 bytes), `url` or `data` (any JSON value), with optional `metadata`, `filename`
 * and `mediaType`. There is no `kind` discriminator: the member present says what the part is.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject } from '../lib.js';
import { Field, OneOf, ProtoObject } from './proto.js';

/**
 * Standard or URL-safe base64, padded or not, as ProtoJSON parsers accept for `bytes`. The
 * `(?!\n)` after `$` changes nothing in ECMA-262, where `$` (without the `m` flag) matches only
 * at the end; engines whose `$` also matches before a final newline (Python's `re`, PCRE) would
 * otherwise accept a value ending in "\n".
 */
export const BASE64_PATTERN = '^[A-Za-z0-9+/_-]*={0,2}$(?!\\n)';

export const Part = ProtoObject(
  [
    OneOf(
      'content',
      [
        Field('text', Type.String({ description: 'Text content.' })),
        Field(
          'raw',
          Type.String({
            description: 'File content as bytes, base64-encoded (standard or URL-safe alphabet, padding optional).',
            pattern: BASE64_PATTERN,
            contentEncoding: 'base64',
          }),
        ),
        Field('url', Type.String({ description: "A URL where the file's content can be fetched." })),
        Field(
          'data',
          Type.Unknown({
            description: 'Structured content: any JSON value (object, array, string, number, boolean or null).',
          }),
        ),
      ],
      'What the part carries: exactly one of `text`, `raw`, `url` or `data`.',
    ),
    Field('metadata', OpenObject({ description: 'Free-form metadata attached to this part.' })),
    Field('filename', Type.String({ description: 'A file name for the content, for example `document.pdf`.' })),
    Field(
      'mediaType',
      Type.String({
        description: 'The media (MIME) type of the content, for example `text/plain` or `image/png`; allowed on every kind of part.',
      }),
    ),
    Field(
      'kind',
      Type.Never({
        description: 'Must be absent: `kind` is the A2A v0.3 discriminator; a v1.0 part is told apart by which content member it carries.',
      }),
    ),
  ],
  { description: 'One piece of the content of a message or an artifact: text, file bytes, a file URL or structured data.' },
);
