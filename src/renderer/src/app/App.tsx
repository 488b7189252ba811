import { SessionScreen } from '../features/session/SessionScreen'
import { PopupLayout } from './PopupLayout'

export function App() {
  return (
    <PopupLayout>
      <SessionScreen />
    </PopupLayout>
  )
}
