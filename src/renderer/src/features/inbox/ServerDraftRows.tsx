import { useId } from 'react'
import { serverDraftSubject } from '@shared/domain/check-in-subjects'
import { useNavigation } from '../../app/navigation'
import { useServerDrafts } from '../../bridge/goals'
import { Button } from '../../ui/Button'
import { serverDraftDetail, serverDraftName } from './server-draft-words'

/**
 * The person's drafts and scheduled check-ins on Operately (those saved from this app), as rows of their
 * own kind. Each opens its goal's check-in form. Nothing is shown while there are none, or when main
 * could not say (the rest of the inbox does not depend on it).
 */
export function ServerDraftRows() {
  const id = useId()
  const drafts = useServerDrafts()
  const { navigate } = useNavigation()
  const list = drafts.data ?? []
  if (list.length === 0) return null
  const now = new Date()
  return (
    <section className="inbox-group" aria-labelledby={id}>
      <h2 id={id} className="group-title">
        Not published yet
      </h2>
      <ul className="inbox-group__list">
        {list.map((draft) => {
          const name = serverDraftName(draft, now)
          const subject = serverDraftSubject(draft)
          return (
            <li key={draft.checkInId} className="inbox-row">
              <div className="inbox-row__text">
                <span className="inbox-row__name">{name}</span>
                <span className="inbox-row__meta">{serverDraftDetail(draft)}</span>
              </div>
              <div className="inbox-row__action">
                <Button
                  variant="secondary"
                  className="compact-button"
                  onClick={() =>
                    navigate(
                      subject.kind === 'goal'
                        ? { section: 'check-ins', goalId: subject.id }
                        : { section: 'projects', projectId: subject.id, checkIn: true },
                    )
                  }
                >
                  {subject.kind === 'goal' ? 'Open goal' : 'Open project'}
                  <span className="visually-hidden"> {subject.name}</span>
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
