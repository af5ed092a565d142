import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * The emotion cache for right-to-left: stylis-plugin-rtl mirrors every style (left ↔ right, margins, paddings,
 * borders). A chunk of its own, loaded only when the direction setting is `rtl` (decision 016).
 */
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
