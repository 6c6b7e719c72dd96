import { Link } from "react-router";

export function SiteFooter({ siteName, contactEmail }: { siteName: string; contactEmail: string }) {
  const year = new Date().getUTCFullYear();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <FooterColumn title="Domäner">
          <FooterLink to="/soon-available">Snart lediga domäner</FooterLink>
          <FooterLink to="/available">Lediga domäner</FooterLink>
          <FooterLink to="/premium">Premiumdomäner</FooterLink>
          <FooterLink to="/featured">Utvalda domäner</FooterLink>
          <FooterLink to="/slappta">Släppta per dag</FooterLink>
        </FooterColumn>
        <FooterColumn title="Information">
          <FooterLink to="/how-it-works">Så fungerar det</FooterLink>
          <FooterLink to="/statistik">Statistik</FooterLink>
          <FooterLink to="/about">Om oss</FooterLink>
          <FooterLink to="/terms">Användarvillkor</FooterLink>
          <FooterLink to="/privacy">Integritetspolicy</FooterLink>
        </FooterColumn>
        <FooterColumn title="Kontakt">
          <FooterLink to="/contact">Kontakta oss</FooterLink>
          <li>
            <a className="text-sm text-slate-700 hover:text-brand-700 hover:underline" href={`mailto:${contactEmail}`}>
              {contactEmail}
            </a>
          </li>
        </FooterColumn>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-sm text-slate-600">
        © {year} {siteName}. Alla rättigheter förbehållna.
      </p>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-900">{title}</h2>
      <ul className="space-y-2">{children}</ul>
    </div>
  );
}

function FooterLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <li>
      <Link className="text-sm text-slate-700 hover:text-brand-700 hover:underline" to={to}>
        {children}
      </Link>
    </li>
  );
}
