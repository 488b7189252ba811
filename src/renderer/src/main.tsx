import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { Providers } from './app/Providers'
import { createQueryClient } from './app/query-client'
import './styles/index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <Providers client={createQueryClient()}>
      <App />
    </Providers>
  </StrictMode>,
)
