/**
 * A Content-Disposition header per RFC 6266: a plain ASCII `filename` for old clients and the exact name as
 * UTF-8 in `filename*` (RFC 8187), so Swedish letters, quotes and spaces survive.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%;]/g, '_')
      .trim() || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
