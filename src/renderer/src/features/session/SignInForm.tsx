import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSignIn } from '../../bridge/session'
import { useSettings } from '../../bridge/settings'
import { Button } from '../../ui/Button'
import { ErrorAlert } from '../../ui/Notice'
import { TextField } from '../../ui/TextField'
import { EyeIcon, EyeOffIcon, LockIcon, ShieldIcon } from '../../ui/icons'
import { managedByOrganisation } from '../settings/managed'
import { errorTitle } from './error-titles'
import { signInSchema, type SignInFields, type SignInValues } from './sign-in-schema'
import { Loading } from '../../ui/Loading'

/** The server IT set by policy: prefilled, and read-only when locked. */
interface ManagedServer {
  url: string | null
  locked: boolean
}

const noManagedServer: ManagedServer = { url: null, locked: false }

/**
 * The sign-in form, once it is known whether IT set the server: the address must be in the form from the
 * start (its default values are read once). Should the settings not load, the form works without them;
 * main refuses another server all the same when the address is locked.
 */
export function SignInForm({ lastBaseUrl }: { lastBaseUrl: string | null }) {
  const settings = useSettings()
  if (settings.isPending) {
    return <Loading />
  }
  const view = settings.data
  const managed: ManagedServer = view
    ? { url: view.values.serverUrl, locked: view.locked.includes('serverUrl') }
    : noManagedServer
  return <SignInFields lastBaseUrl={lastBaseUrl} managed={managed} />
}

function SignInFields({ lastBaseUrl, managed }: { lastBaseUrl: string | null; managed: ManagedServer }) {
  const signIn = useSignIn()
  // A locked address is the only one allowed; otherwise the last server used beats IT's suggestion.
  const initialBaseUrl = (managed.locked ? managed.url : (lastBaseUrl ?? managed.url)) ?? ''
  const [tokenShown, setTokenShown] = useState(false)
  // A second Enter or click can arrive before React re-renders the disabled button: this guard makes
  // sure one sign-in is one request.
  const inFlight = useRef(false)
  const submitButton = useRef<HTMLButtonElement>(null)
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<SignInFields, unknown, SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { baseUrl: initialBaseUrl, token: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })

  // The popup opens onto the first thing to type: the address, or the token when the address is known.
  useEffect(() => {
    setFocus(initialBaseUrl ? 'token' : 'baseUrl')
  }, [initialBaseUrl, setFocus])

  const onSubmit = (values: SignInValues) => {
    if (inFlight.current) return
    inFlight.current = true
    signIn.mutate(values, {
      onSettled: () => {
        inFlight.current = false
      },
    })
  }

  // Field errors from main go next to their field (and take focus there); the rest go to the alert.
  const failure = signIn.error
  useEffect(() => {
    if (!failure) return
    if (failure.field) {
      setError(failure.field, { type: 'server', message: failure.message }, { shouldFocus: true })
    } else if (document.activeElement === document.body || document.activeElement === null) {
      // The disabled button dropped focus while the request ran; give keyboard users a place to resume.
      submitButton.current?.focus()
    }
  }, [failure, setError])
  const general = failure && !failure.field ? failure : null

  return (
    <section className="sign-in" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading" className="screen-title">
        Sign in to Operately
      </h1>
      <p className="screen-lead">Connect this tray app to your Operately server with a personal API token.</p>

      <form className="sign-in__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextField
          label="Server URL"
          placeholder="app.operately.com"
          type="text"
          inputMode="url"
          autoComplete="url"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          readOnly={managed.locked}
          error={errors.baseUrl?.message}
          hint={
            managed.locked ? (
              <span className="sign-in__managed">
                <LockIcon className="sign-in__managed-icon" /> {managedByOrganisation}
              </span>
            ) : undefined
          }
          {...register('baseUrl')}
        />

        <TextField
          label="API token"
          type={tokenShown ? 'text' : 'password'}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          className="field--token"
          error={errors.token?.message}
          hint={
            <>
              In Operately: your avatar → <strong>Account</strong> → <strong>API tokens</strong>.
            </>
          }
          trailing={(inputId) => (
            <button
              type="button"
              className="field__toggle"
              aria-controls={inputId}
              aria-pressed={tokenShown}
              aria-label={tokenShown ? 'Hide token' : 'Show token'}
              title={tokenShown ? 'Hide token' : 'Show token'}
              onClick={() => setTokenShown((shown) => !shown)}
            >
              {tokenShown ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          )}
          {...register('token')}
        />

        <ErrorAlert title={general ? errorTitle(general.kind) : undefined} message={general?.message} />

        <Button
          ref={submitButton}
          type="submit"
          busy={signIn.isPending}
          busyLabel="Signing in…"
          className="button--block"
        >
          Sign in
        </Button>
      </form>

      <p className="sign-in__footnote">
        <ShieldIcon className="sign-in__footnote-icon" />
        <span>
          The token is kept in your system keychain. It never leaves this computer except to your server.
        </span>
      </p>
    </section>
  )
}
