/** The demo seed's customers (apps/api/src/db/seed.ts, listed in the README), as a person would know them. */
export interface DemoCustomer {
  /** CPF or CNPJ as printed on a document */
  document: string;
  /** How the app greets them ('Olá, …!'): a person's first name, a company's trade name. */
  firstName: string;
  /** where the demo outbox delivers the code, per channel */
  sms: string | null;
  email: string | null;
}

export const MARIA: DemoCustomer = {
  document: '529.982.247-25',
  firstName: 'Maria',
  sms: '31987654321',
  email: 'maria.souza@example.com',
};

/** E-mail only: no SMS number on file. */
export const JOAO: DemoCustomer = {
  document: '111.444.777-35',
  firstName: 'João',
  sms: null,
  email: 'joao.lima@example.com',
};

export const HORIZONTE: DemoCustomer = {
  document: '11.222.333/0001-81',
  firstName: 'Horizonte Cargas',
  sms: '31999887766',
  email: 'financeiro@horizonte.example.com',
};

/** The alphanumeric CNPJ format (in force since July 2026). */
export const ALFA: DemoCustomer = {
  document: '12.ABC.345/01DE-35',
  firstName: 'Alfa Log',
  sms: '11988776655',
  email: 'contato@alfanumerica.example.com',
};

/** Maria's selectable vehicles, in the selector's order (her 'HJK4C56' contract is Encerrado). */
export const MARIA_VEHICLES = ['RTA1B23 ONIX LT 1.0', 'Dispositivo 2', 'QWE7D89 CIVIC EXL 2.0'] as const;

/** One contract with one overdue bill and nothing else: the keyboard-only journey pays it by Pix. */
export const PEDRO: DemoCustomer = {
  document: '714.602.380-01',
  firstName: 'Pedro',
  sms: '21987651234',
  email: null,
};

/** Spare-car demo (issue 12): one contract per blocking rule, 600601 (grace) … 600605 (collision with third parties). */
export const CARLA: DemoCustomer = {
  document: '283.719.465-46',
  firstName: 'Carla',
  sms: '31991234567',
  email: 'carla.ribeiro@example.com',
};

/** Notifications (issue 13 §3): one glass-and-collision contract (700701) that only the notifications spec touches. */
export const LUCIA: DemoCustomer = {
  document: '824.519.630-42',
  firstName: 'Lúcia',
  sms: '31977665544',
  email: 'lucia.gomes@example.com',
};

/** Back office (issue 13): contract 800801, due day 10; only the back-office e2e changes it (a due-date change approved by staff). */
export const BEATRIZ: DemoCustomer = {
  document: '847.261.539-19',
  firstName: 'Beatriz',
  sms: '31993456789',
  email: 'beatriz.campos@example.com',
};
