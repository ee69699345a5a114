/**
 * A2A v0.3.0 parts: the pieces of content a Message or an Artifact carries.
 * A Part is a union discriminated by `kind`: `text`, `file` or `data`.
 */
import { Type } from '@sinclair/typebox';
import { Absent, OpenObject } from '../lib.js';

const partMetadata = () => OpenObject({ description: 'Free-form metadata attached to this part.' });

export const PartBase = Type.Object(
  {
    metadata: Type.Optional(partMetadata()),
  },
  { description: 'The properties every part shares. Not used on the wire by itself; each concrete part repeats them.' },
);

export const TextPart = Type.Object(
  {
    kind: Type.Literal('text', { description: 'Discriminator of the part union; always `text` for a text part.' }),
    text: Type.String({ description: 'The text content.' }),
    metadata: Type.Optional(partMetadata()),
  },
  { description: 'A part that carries plain text.' },
);

export const FileBase = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'A file name, for example `report.pdf`.' })),
    mimeType: Type.Optional(Type.String({ description: 'The media type of the file content, for example `application/pdf`.' })),
  },
  { description: 'The properties both file representations share. Not used on the wire by itself.' },
);

export const FileWithBytes = Type.Object(
  {
    bytes: Type.String({ description: 'The file content, base64-encoded.' }),
    name: Type.Optional(Type.String({ description: 'A file name, for example `report.pdf`.' })),
    mimeType: Type.Optional(Type.String({ description: 'The media type of the file content, for example `application/pdf`.' })),
    uri: Type.Optional(Absent({ description: 'Must be absent: a file is given either inline as `bytes` or by `uri`, never both.' })),
  },
  { description: 'A file whose content travels inline, base64-encoded.' },
);

export const FileWithUri = Type.Object(
  {
    uri: Type.String({ description: 'Where the file content can be fetched.' }),
    name: Type.Optional(Type.String({ description: 'A file name, for example `report.pdf`.' })),
    mimeType: Type.Optional(Type.String({ description: 'The media type of the file content, for example `application/pdf`.' })),
    bytes: Type.Optional(Absent({ description: 'Must be absent: a file is given either inline as `bytes` or by `uri`, never both.' })),
  },
  { description: 'A file whose content is referenced by URI instead of being sent inline.' },
);

export const FilePart = Type.Object(
  {
    kind: Type.Literal('file', { description: 'Discriminator of the part union; always `file` for a file part.' }),
    file: Type.Union([Type.Ref('FileWithBytes'), Type.Ref('FileWithUri')], {
      description: 'The file, either inline (`bytes`) or by reference (`uri`).',
    }),
    metadata: Type.Optional(partMetadata()),
  },
  { description: 'A part that carries a file, inline or by URI.' },
);

export const DataPart = Type.Object(
  {
    kind: Type.Literal('data', { description: 'Discriminator of the part union; always `data` for a data part.' }),
    data: OpenObject({ description: 'The structured content: a JSON object (arrays and scalars are not allowed in v0.3.0).' }),
    metadata: Type.Optional(partMetadata()),
  },
  { description: 'A part that carries structured JSON data.' },
);

export const Part = Type.Union([Type.Ref('TextPart'), Type.Ref('FilePart'), Type.Ref('DataPart')], {
  description: 'One piece of a message or artifact: text, a file or structured data, told apart by `kind`.',
});
