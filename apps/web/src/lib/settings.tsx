import { UI } from '@funkis/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { defaultSettings, loadSettings, type Settings, saveSettings } from '../config/settings';

interface SettingsContextValue {
  settings: Settings;
  updateSettings: (changes: Partial<Settings>) => void;
  resetSettings: () => void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

/** Theme, direction, rounded corners, responsive fonts and width, kept in localStorage `settings`. */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>(loadSettings);

  useEffect(() => {
    document.documentElement.dir = settings.direction;
  }, [settings.direction]);

  // A change made in another tab of the app (the browser tells the others with a `storage` event) shows here too,
  // so two open tabs never disagree on the theme or the direction. `key` is null when the storage was cleared.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key === UI.SETTINGS_STORAGE_KEY || event.key === null) setSettings(loadSettings());
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);

  // Saved only when the user changes something, so untouched defaults keep following the system theme.
  const updateSettings = useCallback(
    (changes: Partial<Settings>) => {
      const next = { ...settings, ...changes };
      saveSettings(next);
      setSettings(next);
    },
    [settings],
  );

  const resetSettings = useCallback(() => {
    const next = defaultSettings();
    saveSettings(next);
    setSettings(next);
  }, []);

  const value = useMemo(() => ({ settings, updateSettings, resetSettings }), [settings, updateSettings, resetSettings]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings must be used inside SettingsProvider');
  return value;
}
