// electron-builder configuration (https://www.electron.build/configuration): `npm run dist` builds
// the installers for the machine's own platform. SIGHTLINE_TEST_BUILD=1 makes a test build, the only
// kind that keeps the inspector fuse on (Playwright's _electron drives the app through it).
const testBuild = process.env.SIGHTLINE_TEST_BUILD === '1';

/** @type {import('app-builder-lib').Configuration} */
module.exports = {
  appId: 'local.sightline.desktop',
  productName: 'Sightline',
  executableName: 'sightline',
  copyright: 'Sightline',
  directories: { output: 'dist', buildResources: 'build' },
  // What the app needs at run time: the built main, preload and console, the committed migrations
  // and the tray icons; node_modules' production dependencies are added by electron-builder.
  files: ['package.json', 'out/main/**', 'out/preload/**', 'out/renderer/**', 'src-main/db/migrations/**', 'resources/**'],
  // A native module cannot be loaded from inside the asar archive.
  asarUnpack: ['**/*.node'],
  // `npm run dist` runs `electron-builder install-app-deps` first, which rebuilds better-sqlite3 for
  // Electron's ABI; packaging then copies that build instead of rebuilding it a second time.
  npmRebuild: false,
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: testBuild,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Network',
    icon: 'build/icon.png',
    synopsis: 'Uptime and synthetic monitoring console',
    // The deb's Maintainer field; package.json has no author.
    maintainer: 'Sightline <dev@sightline.local>',
  },
  deb: { depends: ['libnotify4', 'libxtst6', 'libnss3'] },
  appImage: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  mac: { target: ['dmg'], category: 'public.app-category.developer-tools', icon: 'build/icon.png' },
  dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  win: { target: ['nsis'], icon: 'build/icon.png' },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true, artifactName: '${productName}-Setup-${version}.${ext}' },
};
