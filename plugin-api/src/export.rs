//! The author-facing traits and the macros that carry them across the binary boundary.
//!
//! Authors implement [`EngineAdapter`] or [`RulePack`] in ordinary Rust and call
//! [`export_engine!`](crate::export_engine) or [`export_rule_pack!`](crate::export_rule_pack)
//! once. The macros export the ABI probe and the root module, and route every call through
//! [`guard`], which turns errors and panics into an error answer: nothing unwinds across the
//! boundary and a faulty plugin never takes the host down.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Once, OnceLock};

use abi_stable::std_types::{RErr, ROk, RResult, RString};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::engine::{
    DiscoverRequest, Discovery, ImporterReach, ImporterRequest, ParseOutcome, ParseRequest, Plan,
    PlanRequest, Program, Reach, ReachRequest, SessionDiagnostics, SessionFiles, SessionPlan,
};
use crate::manifest::PluginManifest;
use crate::rules::{AnalyzeOutcome, AnalyzeRequest};
use crate::{PAYLOAD_VERSION, PLUGIN_API_VERSION, methods};

/// An error a plugin returns. The message reaches the user in the plugin's status, so say what
/// went wrong and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PluginError(String);

impl PluginError {
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }

    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PluginError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PluginError {}

impl From<String> for PluginError {
    fn from(message: String) -> Self {
        Self(message)
    }
}

impl From<&str> for PluginError {
    fn from(message: &str) -> Self {
        Self(message.to_owned())
    }
}

/// An engine adapter: says which tool it drives, plans invocations, parses their output.
pub trait EngineAdapter: Send + Sync + 'static {
    /// Identity, scope, tool location and supported versions. `kind` must be
    /// [`PluginKind::Engine`](crate::PluginKind::Engine) and `engine` must be set.
    fn manifest(&self) -> PluginManifest;

    /// The programs of a whole-program engine that declares
    /// [`ProgramSpec`](crate::ProgramSpec), from the text of the config files the host found.
    /// Pure: no IO (everything the adapter may read is in the request). The host calls it
    /// before each check's cache lookup and passes the programs to [`Self::plan`] in
    /// [`PlanRequest::programs`](crate::PlanRequest::programs).
    ///
    /// The default makes every config file found one program, and reports nothing to check
    /// when there is none.
    fn discover(&self, request: &DiscoverRequest) -> Result<Discovery, PluginError> {
        if request.configs.is_empty() {
            let names = self
                .manifest()
                .engine
                .and_then(|e| e.programs)
                .map(|p| p.config_names.join(" or "))
                .unwrap_or_default();
            return Ok(Discovery::nothing_to_check(format!(
                "no {names} in the project"
            )));
        }
        Ok(Discovery::new(
            request
                .configs
                .iter()
                .map(|c| Program::new(&c.path))
                .collect(),
        ))
    }

    /// What to run for this request. Pure: no IO, no processes.
    fn plan(&self, request: &PlanRequest) -> Result<Plan, PluginError>;

    /// Diagnostics from one invocation's captured output. Tolerant: skip and count a record
    /// that does not parse, and set `failure` only when the run as a whole failed.
    fn parse(&self, request: &ParseRequest) -> Result<ParseOutcome, PluginError>;

    /// The persistent sessions for this request, for an engine that declares
    /// [`PersistentSpec`](crate::PersistentSpec). Pure, like [`Self::plan`]. The default has
    /// none, so the host runs the plan.
    fn session(&self, request: &PlanRequest) -> Result<SessionPlan, PluginError> {
        let _ = request;
        Ok(SessionPlan::unavailable(
            "this engine has no persistent mode",
        ))
    }

    /// One file's diagnostics from a persistent session, as [`Diagnostic`](crate::Diagnostic)s
    /// with their column unit. Tolerant, like [`Self::parse`].
    fn session_parse(&self, request: &SessionDiagnostics) -> Result<ParseOutcome, PluginError> {
        let _ = request;
        Err(PluginError::new("this engine has no persistent mode"))
    }

    /// The program's files from the output of a session's `list_files` run. Pure.
    fn session_files(&self, request: &ParseRequest) -> Result<SessionFiles, PluginError> {
        let _ = request;
        Err(PluginError::new("this engine lists no session files"))
    }

    /// How far an edit of one file reaches. The default, [`Reach::Everything`], is always
    /// right; [`Reach::Importers`] lets the host skip the files that cannot change.
    fn session_reach(&self, request: &ReachRequest) -> Result<Reach, PluginError> {
        let _ = request;
        Ok(Reach::Everything)
    }

    /// Whether the names a module gained or lost ([`Reach::Names`]) change one of its
    /// importers. The
    /// default, [`ImporterReach::Affected`], is always right.
    fn session_importer(&self, request: &ImporterRequest) -> Result<ImporterReach, PluginError> {
        let _ = request;
        Ok(ImporterReach::Affected)
    }
}

/// A rule pack over MCP surfaces.
pub trait RulePack: Send + Sync + 'static {
    /// Identity and the rules the pack reports. `kind` must be
    /// [`PluginKind::RulePack`](crate::PluginKind::RulePack).
    fn manifest(&self) -> PluginManifest;

    /// Findings for all surfaces of one check. Pure: no IO.
    fn analyze(&self, request: &AnalyzeRequest) -> Result<AnalyzeOutcome, PluginError>;
}

thread_local! {
    static INSIDE_GUARD: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Records the message and location of a panic raised inside [`guard`] instead of printing it;
/// panics elsewhere go to the previous hook untouched (this matters when a plugin crate is
/// linked into a test binary as an rlib).
fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if INSIDE_GUARD.with(Cell::get) {
                let message = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown panic payload".to_owned());
                let location = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{message}{location}")));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, turning an error or a panic into an error answer.
pub fn guard<T>(f: impl FnOnce() -> Result<T, PluginError>) -> Result<T, PluginError> {
    install_panic_hook();
    let was_inside = INSIDE_GUARD.with(|g| g.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    INSIDE_GUARD.with(|g| g.set(was_inside));
    match result {
        Ok(answer) => answer,
        Err(_) => {
            let detail = LAST_PANIC
                .with(|p| p.borrow_mut().take())
                .unwrap_or_else(|| "unknown panic".to_owned());
            Err(PluginError(format!("plugin panicked: {detail}")))
        }
    }
}

fn decode<T: DeserializeOwned>(method: &str, payload: &str) -> Result<T, PluginError> {
    serde_json::from_str(payload)
        .map_err(|e| PluginError(format!("cannot decode the `{method}` request: {e}")))
}

fn encode<T: Serialize>(answer: &T) -> Result<String, PluginError> {
    serde_json::to_string(answer).map_err(|e| PluginError(format!("cannot encode the answer: {e}")))
}

/// Stamps the versions the plugin was built with into its manifest.
fn stamp(mut manifest: PluginManifest) -> PluginManifest {
    manifest.api_version = PLUGIN_API_VERSION.to_owned();
    manifest.payload_version = PAYLOAD_VERSION;
    manifest
}

fn finish(answer: Result<String, PluginError>) -> RResult<RString, RString> {
    match answer {
        Ok(json) => ROk(RString::from(json)),
        Err(e) => RErr(RString::from(e.0)),
    }
}

/// Answers one call for an engine adapter, in the same shape as it crosses the boundary.
/// Tests can use it to exercise an adapter exactly as the host does.
pub fn call_engine(
    plugin: &dyn EngineAdapter,
    method: &str,
    payload: &str,
) -> Result<String, PluginError> {
    guard(|| match method {
        methods::MANIFEST => encode(&stamp(plugin.manifest())),
        methods::DISCOVER => encode(&plugin.discover(&decode(method, payload)?)?),
        methods::PLAN => encode(&plugin.plan(&decode(method, payload)?)?),
        methods::PARSE => encode(&plugin.parse(&decode(method, payload)?)?),
        methods::SESSION => encode(&plugin.session(&decode(method, payload)?)?),
        methods::SESSION_PARSE => encode(&plugin.session_parse(&decode(method, payload)?)?),
        methods::SESSION_FILES => encode(&plugin.session_files(&decode(method, payload)?)?),
        methods::SESSION_REACH => encode(&plugin.session_reach(&decode(method, payload)?)?),
        methods::SESSION_IMPORTER => encode(&plugin.session_importer(&decode(method, payload)?)?),
        other => Err(PluginError(format!(
            "engine adapters do not answer `{other}`"
        ))),
    })
}

/// Answers one call for a rule pack.
pub fn call_rule_pack(
    plugin: &dyn RulePack,
    method: &str,
    payload: &str,
) -> Result<String, PluginError> {
    guard(|| match method {
        methods::MANIFEST => encode(&stamp(plugin.manifest())),
        methods::ANALYZE => encode(&plugin.analyze(&decode(method, payload)?)?),
        other => Err(PluginError(format!("rule packs do not answer `{other}`"))),
    })
}

#[doc(hidden)]
pub mod __private {
    pub use abi_stable::library::{
        __call_root_module_loader as call_root_module_loader, CheckTypeLayout, LibHeader,
        RootModuleResult,
    };
    pub use abi_stable::std_types::{RResult, RStr, RString};

    use super::*;

    pub fn engine_entry(
        cell: &'static OnceLock<Box<dyn EngineAdapter>>,
        make: fn() -> Box<dyn EngineAdapter>,
        method: RStr<'_>,
        payload: RStr<'_>,
    ) -> RResult<RString, RString> {
        finish(guard(|| {
            let plugin = cell.get_or_init(make);
            call_engine(plugin.as_ref(), method.as_str(), payload.as_str())
        }))
    }

    pub fn rule_pack_entry(
        cell: &'static OnceLock<Box<dyn RulePack>>,
        make: fn() -> Box<dyn RulePack>,
        method: RStr<'_>,
        payload: RStr<'_>,
    ) -> RResult<RString, RString> {
        finish(guard(|| {
            let plugin = cell.get_or_init(make);
            call_rule_pack(plugin.as_ref(), method.as_str(), payload.as_str())
        }))
    }
}

/// Exports an engine adapter from a `cdylib` crate. Call it once, with an expression that
/// builds the adapter (it runs on first use).
#[macro_export]
macro_rules! export_engine {
    ($constructor:expr) => {
        $crate::__export_plugin!(engine_entry, $crate::EngineAdapter, $constructor);
    };
}

/// Exports a rule pack from a `cdylib` crate. Call it once, with an expression that builds the
/// pack (it runs on first use).
#[macro_export]
macro_rules! export_rule_pack {
    ($constructor:expr) => {
        $crate::__export_plugin!(rule_pack_entry, $crate::RulePack, $constructor);
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __export_plugin {
    ($entry:ident, $trait:path, $constructor:expr) => {
        /// The ABI probe: read by the host before any other code of this library runs.
        #[unsafe(no_mangle)]
        pub extern "C" fn signalint_plugin_abi_version() -> u32 {
            $crate::SIGNALINT_ABI_VERSION
        }

        extern "C" fn __signalint_call(
            method: $crate::export::__private::RStr<'_>,
            payload: $crate::export::__private::RStr<'_>,
        ) -> $crate::export::__private::RResult<
            $crate::export::__private::RString,
            $crate::export::__private::RString,
        > {
            static PLUGIN: ::std::sync::OnceLock<::std::boxed::Box<dyn $trait>> =
                ::std::sync::OnceLock::new();
            fn make() -> ::std::boxed::Box<dyn $trait> {
                ::std::boxed::Box::new($constructor)
            }
            $crate::export::__private::$entry(&PLUGIN, make, method, payload)
        }

        fn __signalint_root_module() -> $crate::abi::PluginModuleRef {
            $crate::abi::root_module(__signalint_call)
        }

        /// The `abi_stable` library header (what `#[export_root_module]` would emit, spelled
        /// out so that plugins need no direct `abi_stable` dependency).
        #[unsafe(no_mangle)]
        #[allow(non_upper_case_globals)]
        pub static _1as_0lib_1header_0root_bmodule_bloader:
            $crate::export::__private::LibHeader = {
            extern "C" fn erased() -> $crate::export::__private::RootModuleResult {
                $crate::export::__private::call_root_module_loader(__signalint_root_module)
            }
            unsafe {
                $crate::export::__private::LibHeader::from_constructor::<
                    $crate::abi::PluginModuleRef,
                >(erased, $crate::export::__private::CheckTypeLayout::Yes)
            }
        };
    };
}
