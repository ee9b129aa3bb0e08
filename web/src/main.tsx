// The design system's tokens first: every stylesheet after it reads them.
import './tokens.css';
import { render } from 'preact';
import { ErrorBoundary, LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { api } from './api/client.ts';
import { useSession } from './hooks.ts';
import { PRODUCT_NAME } from './product.ts';
import { session } from './session.ts';
import { LoginPage, SignupPage } from './pages/auth.tsx';
import { EmailVerifiedPage } from './pages/email-verified.tsx';
import { GamePage } from './pages/game.tsx';
import { InvitePage } from './pages/invite.tsx';
import { LobbyPage } from './pages/lobby.tsx';
import { MyGamesPage } from './pages/my-games.tsx';
import { PlayerPage } from './pages/player.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { ReplayPage } from './pages/replay.tsx';
import { ResetPasswordPage } from './pages/reset-password.tsx';
import { RulesPage } from './pages/rules.tsx';
import { SettingsPage } from './pages/settings.tsx';
import { TutorialPage } from './pages/tutorial.tsx';
import './styles.css';

function Header() {
  const me = useSession();
  const { route } = useLocation();
  async function logOut() {
    await api.DELETE('/v1/sessions/current');
    session.clear();
    route('/login');
  }
  return (
    <header class="top">
      <a class="brand" href="/">
        {PRODUCT_NAME}
      </a>
      <nav aria-label="Main">
        {me ? (
          <>
            <a href="/">My games</a>
            <a href="/lobby">Lobby</a>
            <a href="/settings">Settings</a>
            <a class="who" href={`/players/${encodeURIComponent(me.handle)}`} aria-label={`Signed in as ${me.handle}: your player page`}>
              {me.handle}
            </a>
            <button type="button" class="link" onClick={logOut}>
              Log out
            </button>
          </>
        ) : (
          <>
            <a href="/lobby">Lobby</a>
            <a href="/login">Log in</a>
            <a href="/signup">Sign up</a>
          </>
        )}
      </nav>
    </header>
  );
}

function App() {
  return (
    <LocationProvider>
      <Header />
      <ErrorBoundary>
        <Router>
          <Route path="/" component={MyGamesPage} />
          <Route path="/login" component={LoginPage} />
          <Route path="/signup" component={SignupPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/lobby" component={LobbyPage} />
          <Route path="/settings" component={SettingsPage} />
          <Route path="/games/:id" component={GamePage} />
          <Route path="/games/:id/replay" component={ReplayPage} />
          <Route path="/rules/:game" component={RulesPage} />
          <Route path="/learn/:game/:lesson" component={TutorialPage} />
          <Route path="/players/:handle" component={PlayerPage} />
          <Route path="/invite" component={InvitePage} />
          <Route path="/email-verified" component={EmailVerifiedPage} />
          <Route default component={NotFoundPage} />
        </Router>
      </ErrorBoundary>
    </LocationProvider>
  );
}

render(<App />, document.getElementById('app')!);

// The web app's service worker (web/public/sw.js): it makes the app installable, and caches nothing.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
