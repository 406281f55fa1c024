import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/router';
import { enhanceMenuButtons } from './features/marketing/menu';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado em index.html');

enhanceMenuButtons();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
