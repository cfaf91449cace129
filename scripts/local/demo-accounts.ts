import { Role, type RoleId, type RoleName } from '#shared/roles.ts';

/** One demo account per role 1 to 12, seeded on first start and listed in the README. */
export interface DemoAccount {
  id: number;
  role: RoleId;
  roleName: RoleName;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

export const DEMO_PASSWORD = 'demo-pass-2026';

const PEOPLE: Record<RoleName, [string, string]> = {
  superadmin: ['Sophie', 'Tremblay'],
  admin: ['Alain', 'Gagnon'],
  broker: ['Béatrice', 'Roy'],
  tech_capture: ['Carl', 'Côté'],
  tech_postprod: ['Pauline', 'Bouchard'],
  client: ['Claude', 'Gauthier'],
  tech_injector: ['Ines', 'Morin'],
  tech_postprod_lead: ['Louis', 'Lavoie'],
  releaser: ['Rachel', 'Fortin'],
  social_medias: ['Simon', 'Gagné'],
  stats_query: ['Stéphanie', 'Ouellet'],
  sales: ['Samuel', 'Pelletier'],
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = (Object.keys(Role) as RoleName[]).map((roleName) => {
  const role = Role[roleName];
  const [firstname, lastname] = PEOPLE[roleName];
  return {
    id: 100 + role,
    role,
    roleName,
    email: `${roleName.replace(/_/g, '-')}@demo.immo.test`,
    password: DEMO_PASSWORD,
    firstname,
    lastname,
  };
});

export function demoAccount(role: RoleId): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`no demo account for role ${role}`);
  return account;
}
