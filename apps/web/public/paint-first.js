// A page the server sent painted (the login, register and apply pages, decision 029) asks for the app's files
// once it is on the screen, so a slow phone spends its first second of signal on the page the person reads.
// The server puts this script in place of the app's entry and names the entry and the files to preload on it.
(() => {
  const script = document.currentScript;
  const entry = script?.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (script.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  // A press on the painted form's button, or Enter in its fields, is noted: the app sends the form when it takes
  // the page over (src/lib/prerendered.ts), so a quick "Log in" is not lost.
  const noteSubmit = (target) => {
    const painted = document.getElementById('prerendered');
    if (painted && target instanceof Element && painted.contains(target)) painted.setAttribute('data-submitted', '');
  };
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('[data-painted-submit]')) noteSubmit(event.target);
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' && event.target instanceof HTMLInputElement) noteSubmit(event.target);
    },
    true,
  );
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
  };
  // After the next frame is painted; a tab in the background paints no frames, so a timer starts it there.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
})();
