import { describe, expect, it } from 'vitest';
import { matchStorageRoute, routeName } from '../../src/storage/routes.ts';

/** What hosted Storage's router (find-my-way: static, then parameter, then wildcard, backtracking) picks. */
function routed(method: string, path: string): [string, string] | undefined {
  const match = matchStorageRoute(method, path);
  return match && [match.route.pattern + (match.route.handle ? '' : ' (not implemented)'), match.rest];
}

describe('storage routing, as hosted Storage routes', () => {
  it.each([
    // A route word alone is the route…
    ['POST', '/object/move', '/object/move (not implemented)', ''],
    ['POST', '/object/copy', '/object/copy (not implemented)', ''],
    // …and with a path after it, a bucket of that name, as on hosted Storage.
    ['POST', '/object/move/a.png', '/object/:bucket/*', 'move/a.png'],
    ['DELETE', '/object/move', '/object/:bucket', 'move'],
    // Under /object/sign/ every POST signs: one segment is a bucket (createSignedUrls), more a path.
    ['POST', '/object/sign/a.png', '/object/sign/:bucket (not implemented)', 'a.png'],
    ['POST', '/object/sign/b/a.png', '/object/sign/:bucket/* (not implemented)', 'b/a.png'],
    ['GET', '/object/sign/b/a.png', '/object/sign/:bucket/* (not implemented)', 'b/a.png'],
    ['HEAD', '/object/sign/b/a.png', '/object/sign/:bucket/* (not implemented)', 'b/a.png'],
    // A GET needs bucket and path to sign; with one segment it is a download from the bucket "sign".
    ['GET', '/object/sign/a.png', '/object/:bucket/*', 'sign/a.png'],
    ['POST', '/object/upload/sign/b/a.png', '/object/upload/sign/:bucket/* (not implemented)', 'b/a.png'],
    ['PUT', '/object/upload/sign/b/a.png', '/object/upload/sign/:bucket/* (not implemented)', 'b/a.png'],
    ['PUT', '/object/upload/a.png', '/object/:bucket/*', 'upload/a.png'],
    ['PUT', '/object/upload/sign/a.png', '/object/:bucket/*', 'upload/sign/a.png'],
    ['POST', '/object/list/b', '/object/list/:bucket', 'b'],
    ['POST', '/object/list/b/a.png', '/object/:bucket/*', 'list/b/a.png'],
    ['POST', '/object/list-v2/b', '/object/list-v2/:bucket (not implemented)', 'b'],
    ['GET', '/object/info/b/a.png', '/object/info/:bucket/*', 'b/a.png'],
    ['GET', '/object/info/a.png', '/object/:bucket/*', 'info/a.png'],
    ['GET', '/object/info/public/b/a.png', '/object/info/public/:bucket/*', 'b/a.png'],
    ['GET', '/object/public/b/a.png', '/object/public/:bucket/*', 'b/a.png'],
    ['GET', '/object/%70ublic/b/a.png', '/object/public/:bucket/*', 'b/a.png'],
    ['GET', '/object/b/a/c.png', '/object/:bucket/*', 'b/a/c.png'],
    ['GET', '/bucket', '/bucket', ''],
    ['GET', '/bucket/', '/bucket/', ''],
    ['GET', '/bucket/b', '/bucket/:id', 'b'],
    ['POST', '/bucket', '/bucket (not implemented)', ''],
    ['POST', '/bucket/b/empty', '/bucket/:id/empty (not implemented)', 'b/empty'],
    ['GET', '/render/image/public/b/a.png', '/render/image/public/:bucket/* (not implemented)', 'b/a.png'],
    ['PATCH', '/upload/resumable/abc', '/upload/resumable/* (not implemented)', 'abc'],
  ])('%s %s → %s', (method, path, route, rest) => {
    expect(routed(method, path)).toEqual([route, rest]);
  });

  it.each([
    ['POST', '/object/moved'],
    ['GET', '/object/b'],
    ['POST', '/object/list'],
    ['GET', '/bucket/b/empty'],
    ['PATCH', '/object/b/a.png'],
    ['GET', '/nowhere'],
    ['GET', ''],
  ])('%s %s is no route of hosted Storage', (method, path) => {
    expect(matchStorageRoute(method, path)).toBeUndefined();
  });

  it('names a route by its pattern', () => {
    const match = matchStorageRoute('POST', '/object/sign/b/a.png');
    expect(match && routeName('POST', match.route)).toBe('POST /object/sign/<bucket>/<path>');
  });
});
