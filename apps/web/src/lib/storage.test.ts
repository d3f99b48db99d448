import { afterEach, describe, expect, it } from 'vitest';
import { SELECTED_CONTRACT_COOKIE } from '@guarita/domain/first-screen';
import { getSelectedContractId, setSelectedContractId, syncSelectedWithCookie } from './storage';

const cookie = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${SELECTED_CONTRACT_COOKIE}=`))
    ?.split('=')[1];

afterEach(() => {
  localStorage.clear();
  document.cookie = `${SELECTED_CONTRACT_COOKIE}=; Max-Age=0; path=/`;
});

describe('the chosen contract, stored and in its cookie (ADR 059)', () => {
  it('a choice goes into both', () => {
    setSelectedContractId(100104);
    expect(getSelectedContractId()).toBe(100104);
    expect(cookie()).toBe('100104');
  });

  it("at start the cookie's choice wins: the server set it for a route with the contract in it before the app ran", () => {
    setSelectedContractId(100101);
    document.cookie = `${SELECTED_CONTRACT_COOKIE}=100104; path=/`;
    syncSelectedWithCookie();
    expect(getSelectedContractId()).toBe(100104);
  });

  it('without a cookie (or with a broken one) the stored choice goes into it', () => {
    setSelectedContractId(100101);
    document.cookie = `${SELECTED_CONTRACT_COOKIE}=; Max-Age=0; path=/`;
    syncSelectedWithCookie();
    expect(cookie()).toBe('100101');
    document.cookie = `${SELECTED_CONTRACT_COOKIE}=1e9; path=/`;
    syncSelectedWithCookie();
    expect(getSelectedContractId()).toBe(100101);
    expect(cookie()).toBe('100101');
  });
});
