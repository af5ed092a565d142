import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../src/config/paths';

const origin = 'https://funkis.example';

describe('safeReturnTo', () => {
  it.each([
    ['/account', '/account'],
    ['/event/3/users?groupId=2&sort=name#top', '/event/3/users?groupId=2&sort=name#top'],
    ['/event/3/../4/users', '/event/4/users'],
    ['/%C3%A5ret', '/%C3%A5ret'],
  ])('keeps the same-origin path %j', (value, expected) => {
    expect(safeReturnTo(value, origin)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'account',
    'https://evil.example/',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '\t//evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0D/evil.example',
    '/%5C/evil.example',
    '/%5c%5cevil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%00/evil.example',
    '/%E0%A4%A',
    'javascript:alert(1)',
    '/authentication',
    '/authentication/login?returnTo=%2F',
    '/authentication/../authentication/register',
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value, origin)).toBeNull();
  });

  it('uses the page origin by default', () => {
    expect(safeReturnTo('/account')).toBe('/account');
    expect(safeReturnTo(`//${window.location.host}.evil.example/`)).toBeNull();
  });
});
