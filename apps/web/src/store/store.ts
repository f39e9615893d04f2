import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { cookieSlice } from '../app/state/cookie-slice.ts';
import { themeSlice } from '../app/state/theme-slice.ts';
import { userSlice } from '../modules/users/state/user-slice.ts';

/** Persistence per SPEC §3 / §9: one storage key per slice, version 1, 5000 ms rehydration timeout. */
const persisted = <S>(key: string, reducer: Reducer<S>) =>
  persistReducer({ key, storage, version: 1, timeout: 5000, debug: false }, reducer);

const rootReducer = combineReducers({
  theme: persisted('thema', themeSlice.reducer),
  cookie: persisted('cookie-accept', cookieSlice.reducer),
  user: persisted('user', userSlice.reducer),
});

export function createStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
