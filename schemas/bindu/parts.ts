/**
 * Bindu parts: the A2A v0.3.0 parts plus the Bindu `embeddings` vector (seed 001 "Parts", seed 002).
 *
 * Only the definitions whose own shape differs from A2A are redefined here: TextPart, FilePart,
 * DataPart and FileWithBytes gain an optional `embeddings` array. FileWithUri, FileBase, PartBase and
 * the Part union are inherited from the a2a variant unchanged (the seed's FileWithUri is
 * `{uri, name?, mimeType?}`, the same as A2A's, and carries no embeddings).
 */
import { Type } from '@sinclair/typebox';
import { Absent, OpenObject } from '../lib.js';

const partMetadata = () => OpenObject({ description: 'Free-form metadata attached to this part.' });

const embeddings = (what: string) =>
  Type.Array(Type.Number({ description: 'One component of the embedding vector.' }), {
    description: `A vector embedding of ${what}, for semantic search and similarity. A Bindu extension, not part of A2A.`,
  });

export const TextPart = Type.Object(
  {
    kind: Type.Literal('text', { description: 'Discriminator of the part union; always `text` for a text part.' }),
    text: Type.String({ description: 'The text content.' }),
    metadata: Type.Optional(partMetadata()),
    embeddings: Type.Optional(embeddings('the text')),
  },
  { description: 'A part that carries plain text, optionally with a vector embedding of it.' },
);

export const FileWithBytes = Type.Object(
  {
    bytes: Type.String({ description: 'The file content, base64-encoded.' }),
    name: Type.Optional(Type.String({ description: 'A file name, for example `report.pdf`.' })),
    mimeType: Type.Optional(Type.String({ description: 'The media type of the file content, for example `application/pdf`.' })),
    embeddings: Type.Optional(embeddings('the file content')),
    uri: Type.Optional(Absent({ description: 'Must be absent: a file is given either inline as `bytes` or by `uri`, never both.' })),
  },
  { description: 'A file whose content travels inline, base64-encoded, optionally with a vector embedding of it.' },
);

export const FilePart = Type.Object(
  {
    kind: Type.Literal('file', { description: 'Discriminator of the part union; always `file` for a file part.' }),
    file: Type.Union([Type.Ref('FileWithBytes'), Type.Ref('FileWithUri')], {
      description: 'The file, either inline (`bytes`) or by reference (`uri`).',
    }),
    metadata: Type.Optional(partMetadata()),
    embeddings: Type.Optional(embeddings('the file')),
  },
  { description: 'A part that carries a file, inline or by URI, optionally with a vector embedding of it.' },
);

export const DataPart = Type.Object(
  {
    kind: Type.Literal('data', { description: 'Discriminator of the part union; always `data` for a data part.' }),
    data: OpenObject({ description: 'The structured content: a JSON object.' }),
    metadata: Type.Optional(partMetadata()),
    embeddings: Type.Optional(embeddings('the data')),
  },
  { description: 'A part that carries structured JSON data, optionally with a vector embedding of it.' },
);
