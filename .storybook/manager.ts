import { addons } from 'storybook/manager-api';
import { create } from 'storybook/theming';
import { farolThemeVars } from './farol-theme';
// The manager's bundler inlines SVG imports as data URLs, so the logo needs no static file.
import farolLogo from './farol-logo.svg';

addons.setConfig({
  theme: create({
    ...farolThemeVars,
    brandTitle: 'Farol',
    brandUrl: './',
    brandTarget: '_self',
    brandImage: farolLogo,
  }),
});
