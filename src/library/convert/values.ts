/**
 * Values both wires carry with a defined translation: timestamps (normalised to UTC with `Z`, as
 * the v1.0 specification §5.6.1 asks, when the instant is known) and base64 file content
 * (re-encoded to standard, padded base64, which v0.3 `bytes` decoders read).
 */
import type { Context } from './walk.js';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})?$/;

/** A timestamp in UTC with `Z`, keeping its fraction of a second; a loss when that cannot be done. */
export function timestamp(value: unknown, path: string, ctx: Context): unknown {
  if (typeof value !== 'string') return value;
  const match = RFC3339.exec(value);
  if (!match) {
    ctx.lose(path, `${JSON.stringify(value)} is not an RFC 3339 date-time; copied unchanged`);
    return value;
  }
  const [, year, month, day, hour, minute, second, fraction = '', zone] = match;
  if (zone === undefined) {
    ctx.lose(
      path,
      `${JSON.stringify(value)} has no time zone, so the instant is not known; copied unchanged (v1.0 asks for UTC with \`Z\`)`,
    );
    return value;
  }
  if (zone === 'Z' && value.includes('T')) return value;
  const offset =
    zone === 'Z' || zone === 'z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) - offset * 60_000;
  const normalised = `${new Date(utc).toISOString().slice(0, 19)}${fraction}Z`;
  ctx.lose(path, `${JSON.stringify(value)} normalised to UTC: ${JSON.stringify(normalised)}`);
  return normalised;
}

const STANDARD = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const ANY_BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** File content in standard, padded base64; URL-safe or unpadded base64 re-encoded (reported). */
export function base64(value: unknown, path: string, ctx: Context): unknown {
  if (typeof value !== 'string' || STANDARD.test(value)) return value;
  const bare = value.replace(/=+$/, '');
  if (!ANY_BASE64.test(value) || bare.length % 4 === 1 || (/[-_]/.test(bare) && /[+/]/.test(bare))) {
    ctx.lose(path, 'not base64 (standard or URL-safe); copied unchanged');
    return value;
  }
  const standard = Buffer.from(bare.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('base64');
  ctx.lose(path, `${/[-_]/.test(bare) ? 'URL-safe' : 'unpadded'} base64 re-encoded as standard base64 (the same bytes)`);
  return standard;
}
