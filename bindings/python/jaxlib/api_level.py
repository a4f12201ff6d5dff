"""The API level this jaxlib claims: the public names of Google's jaxlib 0.10.2
``xla_client`` (recorded by tests/conformance/generate_xla_client_api.py, which the conformance
tests hold this list to). The doctor and ``xla_client.__all__`` derive from it; nothing here
imports the extension.
"""

from __future__ import annotations

#: The jaxlib release whose ``xla_client`` names ours matches.
XLA_CLIENT_API_VERSION = "0.10.2"

#: Its public classes, functions and the one dict (modules and typing helpers aside).
XLA_CLIENT_NAMES: tuple[str, ...] = (
    "Array", "ArrayCopySemantics", "ArrayImpl", "AutotuneCacheMode", "Client", "CompileOptions",
    "CustomCallHandler", "CustomCallTargetTraits", "CustomTypeIdHandler", "Device",
    "DeviceAssignment", "DeviceList", "DeviceTopology", "Executable", "Frame", "GSPMDSharding",
    "HloSharding", "HostBufferSemantics", "Layout", "LoadedExecutable", "LoadedExecutable_execute",
    "LoadedExecutable_execute_with_token", "Memory", "NamedSharding", "OpSharding", "PjRtLayout",
    "PrimitiveType", "ProgramShape", "Shape", "Sharding", "SingleDeviceSharding", "Traceback",
    "TracebackScope", "XlaComputation", "XlaRuntimeError", "array_result_handler",
    "batched_block_until_ready", "batched_copy_array_to_devices_with_sharding",
    "batched_device_put", "check_and_canonicalize_memory_kind", "custom_call_targets",
    "encode_inspect_sharding_callback", "execution_stream_id", "generate_pjrt_gpu_plugin_options",
    "get_topology_for_devices", "initialize_pjrt_plugin", "load_pjrt_plugin_dynamically",
    "load_pjrt_plugin_with_c_api", "make_c_api_client", "make_c_api_device_topology",
    "make_cpu_client", "make_tfrt_tpu_c_api_device_topology", "pjrt_plugin_initialized",
    "pjrt_plugin_loaded", "register_custom_call_as_batch_partitionable",
    "register_custom_call_handler", "register_custom_call_partitioner",
    "register_custom_call_target", "register_custom_type", "register_custom_type_handler",
    "reorder_shards", "xla_platform_names",
)
