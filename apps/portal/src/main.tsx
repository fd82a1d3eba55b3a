import { readStoredTheme } from '@farol/data';
import { applyTheme } from '@farol/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './providers/app-providers';
import { AppRouter } from './routing/app-router';
import { createAppServices } from './services/app-services';
import './styles.css';

// The inline script in index.html already painted the stored theme; this settles unknown ids on 'default'.
applyTheme(readStoredTheme());

const services = createAppServices();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders {...services}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
