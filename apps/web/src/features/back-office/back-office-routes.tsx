import { can, isStaffRole } from '@lionrock/domain/back-office/staff-rules';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { Link, type RouteObject, useLocation, useRoutes } from 'react-router';
import { useSystemStore } from '../../state/system-store';
import styles from './back-office.module.css';
import { BackOfficeError, backOfficeCall, onSignedOut, setCsrfToken } from './back-office-api';
import type { TBackOfficeAccount, TDesk, TSessionAnswer } from './back-office-session';
import { deskLanguageOf, deskTextOf, type TDeskText } from './desk-texts';
import { BACK_OFFICE_PAGES, type TBackOfficePage } from './page-registry';
import { SignedInAccountProvider } from './signed-in-account';

type TState =
  | { name: 'checking' }
  | { name: 'signed-out'; stage: 'password' | 'code' }
  | { name: 'ready'; account: TBackOfficeAccount }
  | { name: 'failed'; message: string };

/**
 * The sign-in and the password reset load when shown, with the form kit they are built from
 * (react-hook-form and the domain's schemas, decision 123): a signed-in visit never loads them, and the
 * shell stays within its budget (decision 079).
 */
const SignIn = lazy(() => import('./sign-in').then((module) => ({ default: module.SignIn })));
const ResetPage = lazy(() => import('./reset-page').then((module) => ({ default: module.ResetPage })));

/** Each page's code loads once, when it is first opened. */
const lazyPages = new Map<TBackOfficePage, LazyExoticComponent<ComponentType>>();
function lazyPageOf(page: TBackOfficePage) {
  let found = lazyPages.get(page);
  if (!found) {
    found = lazy(page.load);
    lazyPages.set(page, found);
  }
  return found;
}

/** A page's path below the desk, without its own sub-routes' `/*`. */
export function pageHref(page: TBackOfficePage): string {
  return `/${page.desk}/${page.path.replace(/\/?\*$/, '')}`;
}

/** The pages of a desk the account's role may open (all of them, the menu's too). */
export function pagesFor(desk: TDesk, account: TBackOfficeAccount): TBackOfficePage[] {
  return BACK_OFFICE_PAGES.filter((page) => page.desk === desk && can(account.role, page.permission));
}

/** A page whose code failed to load (a new deployment, no connection) says so, with a retry. */
class PageBoundary extends Component<{ t: TDeskText; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className={styles.card}>
        <p>{this.props.t('loadFailed')}</p>
        <button type="button" className={styles.secondary} onClick={() => window.location.reload()}>
          {this.props.t('retry')}
        </button>
      </div>
    );
  }
}

/** The desk's own routes, below `/admin/*` or `/agent/*`. */
function DeskRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function Loading({ text }: { text: string }) {
  return (
    <p className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {text}
    </p>
  );
}

function AdminHome({ pages, t }: { pages: TBackOfficePage[]; t: TDeskText }) {
  const nav = pages.filter((page) => page.nav !== false);
  return (
    <section className={styles.card}>
      <h1 className={styles.heading}>{t('home.admin')}</h1>
      {nav.length ? (
        <ul className={styles.homeList}>
          {nav.map((page) => (
            <li key={`${page.desk}/${page.path}`}>
              <Link to={pageHref(page)}>{page.labelKey ? t(page.labelKey) : page.label}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('home.adminNone')}</p>
      )}
    </section>
  );
}

function AgentHome({ account, t }: { account: TBackOfficeAccount; t: TDeskText }) {
  return (
    <section className={styles.card}>
      <h1 className={styles.heading}>{t('home.agent')}</h1>
      <p>{t('home.agentIntro', { code: account.agentCode ?? '' })}</p>
    </section>
  );
}

/**
 * The back office (`/admin/*`) and the agents' desk (`/agent/*`): one lazily loaded entry outside the
 * shop's shell (decision 079). It asks the session; without one it shows the sign-in; with one, its
 * header, the menu of the pages the role may open (page-registry.ts) and each page, loaded when opened.
 */
export default function BackOffice({ desk }: { desk: TDesk }) {
  const location = useLocation();
  const lang = useSystemStore((state) => state.lang);
  const country = useSystemStore((state) => state.country);
  const setLanguage = useSystemStore((state) => state.setLanguage);
  const [state, setState] = useState<TState>({ name: 'checking' });
  // A signed-in agent's own market chooses the desk's script (decision 110); before sign-in, the shop's.
  const market = (state.name === 'ready' ? state.account.market : null) ?? country;
  const language = deskLanguageOf(desk, lang, market);
  const t = useMemo(() => deskTextOf(language), [language]);
  const [signingOut, setSigningOut] = useState(false);
  const resetting = location.pathname.replace(/\/$/, '') === `/${desk}/reset`;

  const checkSession = useCallback(() => {
    setState({ name: 'checking' });
    backOfficeCall<TSessionAnswer>('GET', '/session').then(
      (answer) => {
        setCsrfToken(answer.csrfToken);
        setState(
          answer.stage === 'ready' && answer.account
            ? { name: 'ready', account: answer.account }
            : { name: 'signed-out', stage: 'code' },
        );
      },
      (error: unknown) => {
        if (error instanceof BackOfficeError && error.status === 401)
          setState({ name: 'signed-out', stage: 'password' });
        else setState({ name: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  useEffect(() => {
    if (!resetting) checkSession();
  }, [checkSession, resetting]);
  useEffect(() => onSignedOut(() => setState({ name: 'signed-out', stage: 'password' })), []);
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = t(desk === 'admin' ? 'title.admin' : 'title.agent');
  }, [desk, language, t]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await backOfficeCall('POST', '/session/sign-out');
    } catch {
      // Signed out either way: the session is gone or will end on its own.
    } finally {
      setSigningOut(false);
      setCsrfToken('');
      setState({ name: 'signed-out', stage: 'password' });
    }
  };

  const account = state.name === 'ready' ? state.account : null;
  const pages = account ? pagesFor(desk, account) : [];
  const rightDesk = account
    ? desk === 'admin'
      ? isStaffRole(account.role)
      : account.role === 'agent'
    : true;

  const routes: RouteObject[] = account
    ? [
        {
          index: true,
          element:
            desk === 'admin' ? <AdminHome pages={pages} t={t} /> : <AgentHome account={account} t={t} />,
        },
        ...pages.map((page) => {
          const Page = lazyPageOf(page);
          return { path: page.path, element: <Page /> };
        }),
        { path: '*', element: <p className={styles.card}>{t('notFound')}</p> },
      ]
    : [];
  const here = location.pathname.replace(/\/$/, '');
  // The menu marks the open page (a link is current on its page and the page's own sub-pages).
  const current = (href: string, end = false) =>
    here === href || (!end && here.startsWith(`${href}/`)) ? ('page' as const) : undefined;

  /** A lazily loaded screen of the shell's own (the sign-in, the reset), as the pages are shown. */
  const loaded = (screen: ReactNode) => (
    <PageBoundary t={t}>
      <Suspense fallback={<Loading text={t('loading')} />}>{screen}</Suspense>
    </PageBoundary>
  );
  let main: ReactNode;
  if (resetting)
    main = loaded(
      <ResetPage desk={desk} t={t} token={decodeURIComponent(location.hash.replace(/^#/, ''))} />,
    );
  else if (state.name === 'checking') main = <Loading text={t('checking')} />;
  else if (state.name === 'failed')
    main = (
      <div className={styles.card} role="alert">
        <p>{state.message}</p>
        <button type="button" className={styles.secondary} onClick={checkSession}>
          {t('retry')}
        </button>
      </div>
    );
  else if (state.name === 'signed-out')
    main = loaded(
      <SignIn
        key={state.stage}
        desk={desk}
        t={t}
        initialStage={state.stage}
        onReady={(ready) => setState({ name: 'ready', account: ready })}
      />,
    );
  else if (!rightDesk)
    main = (
      <section className={styles.card} role="alert">
        <p>{t(desk === 'admin' ? 'wrongDesk.admin' : 'wrongDesk.agent')}</p>
        <p>
          <a href={desk === 'admin' ? '/agent' : '/admin'}>
            {t(desk === 'admin' ? 'wrongDesk.adminLink' : 'wrongDesk.agentLink')}
          </a>
        </p>
      </section>
    );
  else
    main = (
      <PageBoundary t={t}>
        <Suspense fallback={<Loading text={t('loading')} />}>
          {account ? (
            <SignedInAccountProvider account={account}>
              <DeskRoutes routes={routes} />
            </SignedInAccountProvider>
          ) : null}
        </Suspense>
      </PageBoundary>
    );

  const nav = account && rightDesk ? pages.filter((page) => page.nav !== false) : [];
  return (
    <div className={styles.desk} data-desk={desk}>
      <a className={styles.skip} href="#back-office-main">
        Skip to content
      </a>
      <header className={styles.header}>
        <p className={styles.title}>
          <Link to={`/${desk}`}>{t(desk === 'admin' ? 'title.admin' : 'title.agent')}</Link>
        </p>
        <div className={styles.headerTools}>
          {desk === 'agent' && (
            <button
              type="button"
              className={styles.headerButton}
              lang={lang === 'en' ? (market === 'HKG' ? 'zh-Hant' : 'zh-Hans') : 'en'}
              onClick={() => setLanguage(lang === 'en' ? 'zh' : 'en')}
            >
              {t('language')}
            </button>
          )}
          {account && (
            <>
              <p className={styles.who}>
                <span className={styles.visuallyHidden}>{t('signedInAs')} </span>
                <span data-testid="account-name">{account.displayName}</span>{' '}
                <span className={styles.role}>({t(`role.${account.role}`)})</span>
              </p>
              <button
                type="button"
                className={styles.headerButton}
                onClick={signOut}
                disabled={signingOut}
                aria-busy={signingOut}
              >
                {signingOut ? t('signingOut') : t('signOut')}
              </button>
            </>
          )}
        </div>
      </header>
      {nav.length > 0 && (
        <nav className={styles.nav} aria-label={t('nav.label')}>
          <ul>
            <li>
              <Link to={`/${desk}`} aria-current={current(`/${desk}`, true)}>
                {t('nav.home')}
              </Link>
            </li>
            {nav.map((page) => (
              <li key={page.path}>
                <Link to={pageHref(page)} aria-current={current(pageHref(page))}>
                  {page.labelKey ? t(page.labelKey) : page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main id="back-office-main" className={styles.main}>
        {main}
      </main>
    </div>
  );
}
