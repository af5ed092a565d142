import { lazy } from 'react';

/** The top bar's menus (top-bar-menus.tsx), one chunk; `preloadMenus` on hover or focus of their buttons. */
export const preloadMenus = () => import('./top-bar-menus');
export const LanguageMenu = lazy(async () => ({ default: (await preloadMenus()).LanguageMenu }));
export const ProfileMenuList = lazy(async () => ({ default: (await preloadMenus()).ProfileMenuList }));
