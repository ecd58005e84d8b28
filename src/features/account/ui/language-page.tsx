import { Trans } from "@lingui/react/macro";
import { languages, languageTags, type Language } from "@contract/constants";
import { activateLanguage } from "@/shared/i18n/i18n";
import { NATIVE_NAMES } from "@/shared/i18n/language-names";
import { hasLoginAtom, langAtom, setLanguage, useAtomValue } from "@/shared/state/store";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import { setServerLanguage } from "../api/set-lang";
import "./account.css";

/** Switches the language at once (no reload), remembers it under `lang`, and tells the server when signed in. */
export function LanguagePage() {
  const current = useAtomValue(langAtom);
  const hasLogin = useAtomValue(hasLoginAtom);
  const choose = async (lang: Language) => {
    await setLanguage(lang);
    await activateLanguage(lang);
    if (hasLogin) await setServerLanguage({ lang }, { silent: true, loading: false }).catch(() => undefined);
  };
  return (
    <Page title={<Trans>Language</Trans>}>
      <div className="list lang-list" role="list">
        {languages.map((lang) => (
          <button
            key={lang}
            type="button"
            role="listitem"
            className="cell"
            lang={languageTags[lang]}
            aria-pressed={lang === current}
            onClick={() => void choose(lang)}
          >
            <span className="cell__label">{NATIVE_NAMES[lang]}</span>
            {lang === current && <Icon name="check" size={20} />}
          </button>
        ))}
      </div>
    </Page>
  );
}
