import { describe, expect, it } from 'vitest';

import { compareVersions, hasNewerRelease, latestReleaseOf, parseVersion } from './version.js';

const compare = (a: string, b: string) => Math.sign(compareVersions(parseVersion(a)!, parseVersion(b)!));

describe('release versions', () => {
  it('parses versions with or without a v, a patch number, a pre-release or build metadata', () => {
    expect(parseVersion('1.30.1')).toEqual({ core: [1, 30, 1], prerelease: [] });
    expect(parseVersion('v2.0')).toEqual({ core: [2, 0, 0], prerelease: [] });
    expect(parseVersion('1.31.0-rc.2+build.7')).toEqual({ core: [1, 31, 0], prerelease: ['rc', '2'] });
    expect(parseVersion('latest')).toBeUndefined();
    expect(parseVersion('1')).toBeUndefined();
  });

  it('orders versions numerically, not as text, with pre-releases before their release', () => {
    expect(compare('1.30.1', '1.4.0')).toBe(1);
    expect(compare('1.30.1', '1.30.1')).toBe(0);
    expect(compare('v1.30.1', '1.30.1')).toBe(0);
    expect(compare('1.31.0-beta', '1.31.0')).toBe(-1);
    expect(compare('1.31.0-beta.2', '1.31.0-beta.10')).toBe(-1);
    expect(compare('1.31.0-alpha', '1.31.0-beta')).toBe(-1);
    expect(compare('1.31.0-1', '1.31.0-alpha')).toBe(-1);
    expect(compare('1.31.0-beta', '1.31.0-beta.1')).toBe(-1);
    expect(compare('2.0.0', '1.99.99')).toBe(1);
  });

  it('reads latestRelease as a version string or a release object with tag_name', () => {
    expect(latestReleaseOf({ latestRelease: '1.31.0' })).toBe('1.31.0');
    expect(latestReleaseOf({ latestRelease: { tag_name: 'v1.31.0', name: 'Spring' } })).toBe('v1.31.0');
    expect(latestReleaseOf({ latestRelease: 131 })).toBeUndefined();
    expect(latestReleaseOf(null)).toBeUndefined();
    expect(latestReleaseOf('1.31.0')).toBeUndefined();
  });

  it('shows the dot only for a strictly newer, valid release', () => {
    expect(hasNewerRelease({ latestRelease: '1.30.2' }, '1.30.1')).toBe(true);
    expect(hasNewerRelease({ latestRelease: { tag_name: 'v1.31.0' } }, '1.30.1')).toBe(true);
    expect(hasNewerRelease({ latestRelease: '1.30.1' }, '1.30.1')).toBe(false);
    expect(hasNewerRelease({ latestRelease: '1.29.9' }, '1.30.1')).toBe(false);
    expect(hasNewerRelease({ latestRelease: '1.31.0-rc.1' }, '1.31.0')).toBe(false);
    expect(hasNewerRelease({ latestRelease: 'nightly' }, '1.30.1')).toBe(false);
    expect(hasNewerRelease({}, '1.30.1')).toBe(false);
    expect(hasNewerRelease({ latestRelease: '2.0.0' }, 'dev')).toBe(false);
  });
});
